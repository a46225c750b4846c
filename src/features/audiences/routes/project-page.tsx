// Placeholder until this page is built (see issue 5).
export function ProjectPage() {
  return <h1>ProjectPage</h1>;
}
