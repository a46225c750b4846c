// Placeholder until custom units are built (see issue 9).
export function CustomLessonPage() {
  return <h1>CustomLessonPage</h1>;
}
