// Placeholder until this page is built (see issue 5).
export function AudioLibraryPage() {
  return <h1>AudioLibraryPage</h1>;
}
