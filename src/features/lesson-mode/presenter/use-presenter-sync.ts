import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { openPresenterChannel, type PresenterMessage } from './presenter-channel';
import {
  getPresenterState,
  postToOtherWindow,
  setPresenterChannel,
  setPresenterState,
  type PresenterRole,
} from './presenter-session';

/**
 * Keeps the presenter and audience windows on the same slide: each move in either window (keys,
 * buttons, links) is sent as the new path, and the other window goes there. A move that came
 * from the other window is not sent back. A solo lesson-mode window (not presenting) takes no
 * part, so two ordinary lesson-mode tabs never move each other.
 */
export function usePresenterSync(
  role: PresenterRole,
  go: (path: string) => void,
  onMedia?: (message: PresenterMessage) => void,
): void {
  const { pathname } = useLocation();
  const latest = useRef({ pathname, go, onMedia });
  useEffect(() => {
    latest.current = { pathname, go, onMedia };
  });
  const arrivedFromOther = useRef<string | null>(null);

  useEffect(() => {
    if (role === 'solo') return;
    const channel = openPresenterChannel((message) => {
      if (message.type === 'goto') {
        if (message.path === latest.current.pathname) return;
        arrivedFromOther.current = message.path;
        latest.current.go(message.path);
      } else if (message.type === 'blank') {
        setPresenterState({ blanked: message.on });
      } else if (message.type === 'hello') {
        // Only the presenter answers: it knows where the class is.
        if (role !== 'presenter') return;
        channel.post({ type: 'goto', path: latest.current.pathname });
        channel.post({ type: 'blank', on: getPresenterState().blanked });
      } else {
        latest.current.onMedia?.(message);
      }
    });
    setPresenterChannel(channel);
    if (role === 'audience') channel.post({ type: 'hello' });
    return () => {
      setPresenterChannel(null);
      channel.close();
    };
  }, [role]);

  useEffect(() => {
    if (role === 'solo') return;
    if (arrivedFromOther.current === pathname) {
      arrivedFromOther.current = null;
      return;
    }
    postToOtherWindow({ type: 'goto', path: pathname });
  }, [pathname, role]);
}
