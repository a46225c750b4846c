// Placeholder until this page is built (see issue 5).
export function LessonPage() {
  return <h1>LessonPage</h1>;
}
