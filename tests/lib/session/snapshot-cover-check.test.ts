import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SNAPSHOT_COVER_CHECK_SCRIPT,
  SNAPSHOT_COVER_CHECKED_MARK,
} from '../../../src/lib/session/snapshot-cover-check';

// Who a painted snapshot is shown to (src/lib/session/snapshot-cover-check.ts): the worker writes
// the check's text inline after the cover, and the parser runs it before the first frame. Here
// the same text runs as that script would, against a page the worker made.

/** A page as the worker makes it: the cover hidden, naming who it was drawn for, then the check. */
function paint(cover = 'snapshot-cover', drawnFor = '7') {
  document.title = 'Music Classroom';
  document.body.innerHTML = `<div class="${cover}" hidden inert aria-hidden="true" data-user="${drawnFor}" data-title="Samba (Lesson mode)"><main>Samba</main></div><script></script><div id="root"></div>`;
  const script = document.querySelector('script')!;
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  // As the parser runs an inline script: its text, in the page's global scope.
  new Function(SNAPSHOT_COVER_CHECK_SCRIPT)();
  return document.querySelector<HTMLElement>('.snapshot-cover');
}

const signIn = (id: number) =>
  localStorage.setItem('user', JSON.stringify({ id, email: 't@demo.school' }));

afterEach(() => {
  localStorage.removeItem('user');
  sessionStorage.removeItem('lesson-mode-presenting');
  window.name = '';
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  performance.clearMarks();
});

describe('who a painted cover is shown to', () => {
  it('shows it to the teacher it was drawn for, and takes it out for anyone else or no one', () => {
    signIn(7);
    expect(paint()?.hidden).toBe(false);
    expect(paint('snapshot-cover', '8')).toBeNull();
    localStorage.removeItem('user');
    expect(paint()).toBeNull();
    // A session that cannot be read is no one's.
    localStorage.setItem('user', '{not json');
    expect(paint()).toBeNull();
  });

  it("shows a page's only offline: online the app shows what the network answers now", () => {
    signIn(7);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(paint('snapshot-cover snapshot-cover--page')).toBeNull();
    // A first slide is of the downloaded lesson, the one the app runs online too.
    expect(paint()?.hidden).toBe(false);
    online.mockReturnValue(false);
    expect(paint('snapshot-cover snapshot-cover--page')?.hidden).toBe(false);
  });

  it("never shows in a tab presenting the lesson or in the audience's window", () => {
    signIn(7);
    sessionStorage.setItem('lesson-mode-presenting', '1');
    expect(paint()).toBeNull();
    sessionStorage.removeItem('lesson-mode-presenting');
    window.name = 'lesson-mode-audience';
    expect(paint()).toBeNull();
    window.name = '';
    expect(paint()?.hidden).toBe(false);
  });

  it("gives the tab the page's title only with its cover: a title names what the page holds", () => {
    signIn(7);
    paint();
    expect(document.title).toBe('Samba (Lesson mode)');
    paint('snapshot-cover', '8');
    expect(document.title).toBe('Music Classroom');
  });

  it('leaves nothing of itself in the page, and marks when it ran', () => {
    signIn(7);
    paint();
    expect(document.querySelector('script')).toBeNull();
    expect(performance.getEntriesByName(SNAPSHOT_COVER_CHECKED_MARK)).toHaveLength(1);
  });

  it('names nothing outside its own text: it runs away from its module', () => {
    // A name the bundler gave a module-level binding would be undefined in the page.
    expect(SNAPSHOT_COVER_CHECK_SCRIPT).not.toMatch(
      /\b(?:STORAGE_KEYS|SESSION_STORAGE_KEYS|SNAPSHOT_COVER_CLASS|NAMES)\b/,
    );
    expect(SNAPSHOT_COVER_CHECK_SCRIPT).not.toContain('</script');
  });
});
