import { useEffect, useRef, useState, type ComponentType } from 'react';

// The combobox (suggestions as you type) loads on the field's first focus or keystroke: the first
// visit carries only this plain form, which on its own already goes to the results page. The form
// stays in the page until the combobox's code has arrived, which then takes its place whole: what
// was typed meanwhile, and the focus (never dropped to the page's body on the way).

export const SEARCH_FIELD_ID = 'site-search';

/** Whether a key press is `/` outside a text field, or Ctrl+K / ⌘K: both reach the search field. */
const opensSearch = (event: KeyboardEvent) =>
  (event.key === 'k' && (event.ctrlKey || event.metaKey)) ||
  (event.key === '/' &&
    !(event.target as HTMLElement).closest('input,textarea,select,[contenteditable]'));

/** The shell's search field (role="search"), on every page. */
export function ShellSearch() {
  const [Combobox, setCombobox] = useState<ComponentType | null>(null);
  const loading = useRef(false);
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void import('./search-combobox').then(
      ({ default: loaded }) => setCombobox(() => loaded),
      // Offline before it was ever loaded: the plain form still searches; the next focus tries again.
      () => (loading.current = false),
    );
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!opensSearch(event)) return;
      event.preventDefault();
      const field = document.getElementById(SEARCH_FIELD_ID) as HTMLInputElement | null;
      field?.focus();
      // What the field holds is selected, so typing starts a new search.
      field?.select();
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
        onFocus={load}
      />
    </form>
  );
  return Combobox ? <Combobox /> : form;
}
