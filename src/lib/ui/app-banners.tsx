import './app-banners.css';
import { useEffect, useState } from 'react';
import { applyUpdate, onUpdateWaiting } from '../sw-bridge';
import { SessionEndedNotice } from './session-ended-notice';
import { useOnline } from './use-online';

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The app's own news, shown by the page shell and never in lesson mode (a reload mid-lesson
 * would lose the class's place): a session that ended, offline, a new version waiting, and
 * installing the app.
 */
export function AppBanners() {
  const online = useOnline();
  const [updateWaiting, setUpdateWaiting] = useState(false);
  const [installPrompt, setInstallPrompt] = useState<InstallPromptEvent | null>(null);

  useEffect(() => onUpdateWaiting(() => setUpdateWaiting(true)), []);
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
    <div className="app-banners">
      <SessionEndedNotice />
      {!online && (
        <p className="app-banner app-banner--offline" role="status">
          You are offline. Downloaded lessons, your playlists and the pages you have opened still
          work; changes are saved on this device and sent when you are back online.
        </p>
      )}
      {updateWaiting && (
        <div className="app-banner app-banner--update" role="status">
          <span>Update available</span>
          <button type="button" className="button button--secondary" onClick={applyUpdate}>
            Reload
          </button>
        </div>
      )}
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
