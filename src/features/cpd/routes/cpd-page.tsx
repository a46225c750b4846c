// Placeholder until this page is built (see issue 5).
export function CpdPage() {
  return <h1>CpdPage</h1>;
}
