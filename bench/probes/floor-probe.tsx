// The floor of an offline cold start in this stack (bench/offline-probes.mjs): React DOM and
// Dexie evaluated, one indexed read of the downloaded lesson, one render of its title and a
// slide counter. No router, no query cache, no lesson-mode code.
import { createRoot } from 'react-dom/client';
import { db } from '../../src/lib/db/database';

const container = document.getElementById('root');
if (!container) throw new Error('floor.html has no #root element');
const root = createRoot(container);
void db.documents
  .where('operationName')
  .equals('LessonSlideShow')
  .first()
  .then((stored) => {
    const lesson = stored?.data as { title?: string; activity?: unknown[] } | undefined;
    root.render(
      <main>
        <h1>{lesson?.title ?? 'No downloaded lesson'}</h1>
        <p className="slide-controls__counter">1 / {lesson?.activity?.length ?? 0}</p>
      </main>,
    );
  });
