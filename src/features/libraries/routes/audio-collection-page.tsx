// Placeholder until this page is built (see issue 5).
export function AudioCollectionPage() {
  return <h1>AudioCollectionPage</h1>;
}
