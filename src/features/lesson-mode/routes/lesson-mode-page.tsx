// Placeholder until lesson mode is built (see issue 6).
export function LessonModePage() {
  return <h1>Lesson mode</h1>;
}
