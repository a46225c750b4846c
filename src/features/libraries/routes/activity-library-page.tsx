// Placeholder until this page is built (see issue 5).
export function ActivityLibraryPage() {
  return <h1>ActivityLibraryPage</h1>;
}
