import { lazy, Suspense, useEffect, useState } from 'react';

// The combobox (suggestions as you type) loads on the field's first focus or keystroke: the first
// visit carries only this plain form, which on its own already goes to the results page.
const SearchCombobox = lazy(() => import('./search-combobox'));

export const SEARCH_FIELD_ID = 'site-search';

/** Whether a key press is `/` outside a text field, or Ctrl+K / ⌘K: both reach the search field. */
const opensSearch = (event: KeyboardEvent) =>
  (event.key === 'k' && (event.ctrlKey || event.metaKey)) ||
  (event.key === '/' &&
    !(event.target as HTMLElement).closest('input,textarea,select,[contenteditable]'));

/** The shell's search field (role="search"), on every page. */
export function ShellSearch() {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!opensSearch(event)) return;
      event.preventDefault();
      document.getElementById(SEARCH_FIELD_ID)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const form = (
    <form role="search" action="/search" className="site-search">
      <input
        id={SEARCH_FIELD_ID}
        type="search"
        name="q"
        aria-label="Search"
        placeholder="Search"
        autoComplete="off"
        onFocus={() => setActive(true)}
      />
    </form>
  );
  return active ? (
    <Suspense fallback={form}>
      <SearchCombobox />
    </Suspense>
  ) : (
    form
  );
}
