// Placeholder until custom units are built (see issue 9).
export function CreateUnitPage() {
  return <h1>CreateUnitPage</h1>;
}
