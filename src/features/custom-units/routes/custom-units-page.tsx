// Placeholder until custom units are built (see issue 9).
export function CustomUnitsPage() {
  return <h1>CustomUnitsPage</h1>;
}
