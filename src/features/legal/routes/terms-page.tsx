// Placeholder until this page is built (see issue 5).
export function TermsPage() {
  return <h1>TermsPage</h1>;
}
