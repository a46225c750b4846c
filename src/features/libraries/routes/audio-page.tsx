// Placeholder until this page is built (see issue 5).
export function AudioPage() {
  return <h1>AudioPage</h1>;
}
