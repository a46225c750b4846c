// Placeholder until this page is built (see issue 5).
export function ActivitySectionPage() {
  return <h1>ActivitySectionPage</h1>;
}
