// Placeholder until this page is built (see issue 5).
export function AtHomeActivityPage() {
  return <h1>AtHomeActivityPage</h1>;
}
