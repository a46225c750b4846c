// Placeholder until this page is built (see issue 5).
export function SecondaryHomePage() {
  return <h1>SecondaryHomePage</h1>;
}
