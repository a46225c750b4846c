// Placeholder until this page is built (see issue 5).
export function LiveHomePage() {
  return <h1>LiveHomePage</h1>;
}
