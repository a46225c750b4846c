// Placeholder until this page is built (see issue 5).
export function ProgrammePage() {
  return <h1>ProgrammePage</h1>;
}
