// Placeholder until this page is built (see issue 5).
export function LiveProductionPage() {
  return <h1>LiveProductionPage</h1>;
}
