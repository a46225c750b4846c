import { mountApp } from './app/mount-app';
import { createAppRouter } from './app/router';
import { signOut } from './lib/auth/sign-out';
import { setUnauthorizedHandler } from './lib/cms/unauthorized';
import { followOtherTabs, readUser } from './lib/session/session-storage';
import {
  forgetAllSnapshots,
  releaseSnapshot,
  SNAPSHOT_LONGEST_MS,
} from './lib/offline/snapshot-cover';
import { registerServiceWorker } from './lib/sw-bridge';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A 401 ends the session exactly as Log Out does (one code path, one purge).
setUnauthorizedHandler(() => signOut('unauthorized'));
// Log Out (or another sign-in) in another tab ends the session in this one too.
followOtherTabs();

// The shell's modules evaluate in this task and the router is built and rendered in the next: as
// one task they blocked input for 86-125 ms at Lighthouse's 4x slowdown, and a task over 50 ms
// counts against the page (total blocking time).
setTimeout(() => mountApp(container, createAppRouter()), 0);
// A snapshot stays until the app's own page (or its message) replaces it; an app that takes
// longer than this shows its own loading state instead of a page that does not work.
setTimeout(releaseSnapshot, SNAPSHOT_LONGEST_MS);
// A start with no session: what was drawn for a teacher no longer signed in here goes.
if (readUser() === null) void forgetAllSnapshots().catch(() => undefined);

registerServiceWorker();
