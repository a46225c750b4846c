// Placeholder until this page is built (see issue 5).
export function UnitPage() {
  return <h1>UnitPage</h1>;
}
