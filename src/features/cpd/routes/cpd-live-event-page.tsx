// Placeholder until this page is built (see issue 5).
export function CpdLiveEventPage() {
  return <h1>CpdLiveEventPage</h1>;
}
