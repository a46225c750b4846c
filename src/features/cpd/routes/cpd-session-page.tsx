// Placeholder until this page is built (see issue 5).
export function CpdSessionPage() {
  return <h1>CpdSessionPage</h1>;
}
