// Placeholder until this page is built (see issue 5).
export function AudiencePage() {
  return <h1>AudiencePage</h1>;
}
