// The bare page of this toolchain (bench/startup.mjs): React 19's createRoot rendering one small
// component, a heading and a paragraph. No router, no query client, no styles: the app's start-up
// main-thread script time is measured as a ratio to this page's.
import { createRoot } from 'react-dom/client';

function Greeting() {
  return (
    <main>
      <h1>Music Classroom</h1>
      <p>One React component, rendered once.</p>
    </main>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('one.html has no #root element');
createRoot(container).render(<Greeting />);
