import './app-banners.css';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { applyUpdate, onUpdateWaiting, onWorkerStorageFull } from '../sw-bridge';
import { SessionEndedNotice } from './session-ended-notice';
import { useOnline } from './use-online';

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The app's own news, shown by the page shell and never in lesson mode (a reload mid-lesson
 * would lose the class's place): a session that ended, offline, a new version waiting, and
 * installing the app, and a device too full for the pages it keeps for offline use.
 */
export function AppBanners() {
  const online = useOnline();
  const [updateWaiting, setUpdateWaiting] = useState(false);
  const [installPrompt, setInstallPrompt] = useState<InstallPromptEvent | null>(null);

  // Until the next load (the worker says it again when a later write finds the device still full).
  const [storageFull, setStorageFull] = useState(false);

  useEffect(() => onUpdateWaiting(() => setUpdateWaiting(true)), []);
  useEffect(() => onWorkerStorageFull(() => setStorageFull(true)), []);
  useEffect(() => {
    const onPrompt = (event: Event) => {
      // Keep the browser's prompt for our own button: teachers install when they choose to.
      event.preventDefault();
      setInstallPrompt(event as InstallPromptEvent);
    };
    const onInstalled = () => setInstallPrompt(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  return (
    // What the device says now (offline, an update waiting) is never painted from a snapshot at a
    // later start, when it may no longer hold (src/lib/offline/snapshot-cover.ts).
    <div className="app-banners" data-snapshot-omit>
      <SessionEndedNotice />
      {/* The live regions are in the page from the first render, empty, and only their text
          changes: a region inserted already holding its text is not announced by many screen
          readers (WCAG 4.1.3). */}
      <div
        role="status"
        className={storageFull ? 'app-banner app-banner--storage' : 'visually-hidden'}
      >
        {storageFull && (
          <span>
            This device is out of storage space, so pages may not be saved for offline use.{' '}
            <Link to="/offline">Free space on the storage page.</Link>
          </span>
        )}
      </div>
      <p role="status" className={online ? 'visually-hidden' : 'app-banner app-banner--offline'}>
        {!online &&
          'You are offline. Downloaded lessons, your playlists and the pages you have opened still work; changes are saved on this device and sent when you are back online.'}
      </p>
      <div
        role="status"
        className={updateWaiting ? 'app-banner app-banner--update' : 'visually-hidden'}
      >
        {updateWaiting && (
          <>
            <span>Update available</span>
            <button type="button" className="button button--secondary" onClick={applyUpdate}>
              Reload
            </button>
          </>
        )}
      </div>
      {installPrompt && (
        <div className="app-banner app-banner--install">
          <span>Install Music Classroom on this device for quick, offline use.</span>
          <button
            type="button"
            className="button button--secondary"
            onClick={async () => {
              await installPrompt.prompt();
              await installPrompt.userChoice;
              setInstallPrompt(null);
            }}
          >
            Install the app
          </button>
        </div>
      )}
    </div>
  );
}
