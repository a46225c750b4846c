// Placeholder until this page is built (see issue 5).
export function AtHomeLibraryPage() {
  return <h1>AtHomeLibraryPage</h1>;
}
