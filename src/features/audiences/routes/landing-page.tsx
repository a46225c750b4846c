// Placeholder until this page is built (see issue 5).
export function LandingPage() {
  return <h1>LandingPage</h1>;
}
