// Placeholder until custom units are built (see issue 9).
export function CustomUnitPage() {
  return <h1>CustomUnitPage</h1>;
}
