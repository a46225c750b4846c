// Placeholder until this page is built (see issue 5).
export function LiveProgrammePage() {
  return <h1>LiveProgrammePage</h1>;
}
