// Lesson mode without the site's shell (bench/offline-probes.mjs): the app's providers and its
// lesson-mode route, but none of the other routes, the header, navigation or footer. The
// lesson-mode address comes in the hash, because the worker serves this page by its own name.
import { createBrowserRouter } from 'react-router-dom';
import { lessonModeRoute } from '../../src/app/lesson-mode-routes';
import { mountApp } from '../../src/app/mount-app';
import { signOut } from '../../src/lib/auth/sign-out';
import { setUnauthorizedHandler } from '../../src/lib/cms/unauthorized';
import '../../src/app/styles.css';

history.replaceState(null, '', decodeURIComponent(location.hash.slice(1)));
const router = createBrowserRouter([lessonModeRoute]);
setUnauthorizedHandler(() => signOut('unauthorized'));
const container = document.getElementById('root');
if (!container) throw new Error('lesson.html has no #root element');
mountApp(container, router);
