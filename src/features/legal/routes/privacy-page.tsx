// Placeholder until this page is built (see issue 5).
export function PrivacyPage() {
  return <h1>PrivacyPage</h1>;
}
