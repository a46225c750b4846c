// Placeholder until this page is built (see issue 5).
export function ActivityPage() {
  return <h1>ActivityPage</h1>;
}
