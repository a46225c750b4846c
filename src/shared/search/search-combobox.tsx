import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSearch } from './search-query';
import { SEARCH_FIELD_ID } from './shell-search';
import { searchHref, useDebounced } from './search-href';

const SUGGESTIONS = 6;

/**
 * The shell's search field once it is used: a combobox (WAI-ARIA APG, "combobox with list
 * autocomplete"): suggestions appear as you type; Up and Down move through them, Enter opens the
 * one chosen or, with none chosen, the results page; Escape closes the list, then clears the field.
 */
export default function SearchCombobox() {
  // The plain field it replaces may hold what was typed while this loaded (read while it is still
  // in the page, before this renders over it).
  const [value, setValue] = useState(
    () => (document.getElementById(SEARCH_FIELD_ID) as HTMLInputElement | null)?.value ?? '',
  );
  // Whether the plain field had the focus: this one takes it over (it is read before the plain
  // field leaves the page, which would leave the focus on the page's body).
  const [hadFocus] = useState(() => document.activeElement?.id === SEARCH_FIELD_ID);
  const [open, setOpen] = useState(value !== '');
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const listId = useId();
  const q = useDebounced(value.trim(), 150);
  // Suggestions from the second letter on: one letter matches nearly everything.
  const asking = open && q.length >= 2;
  const search = useSearch({ q, limit: SUGGESTIONS }, asking);
  const hits = asking ? (search.data?.results ?? []) : [];
  const expanded = hits.length > 0;

  useLayoutEffect(() => {
    const field = input.current;
    if (!field || !hadFocus) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [hadFocus]);

  const go = (href: string) => {
    setOpen(false);
    void navigate(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!expanded) return;
      const last = hits.length - 1;
      setActive((current) =>
        event.key === 'ArrowDown'
          ? current >= last
            ? 0
            : current + 1
          : current <= 0
            ? last
            : current - 1,
      );
    } else if (event.key === 'Escape') {
      // The list closes first (a search field would clear itself: not yet).
      if (expanded) {
        event.preventDefault();
        setOpen(false);
      } else setValue('');
      setActive(-1);
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < hits.length) {
      event.preventDefault();
      const hit = hits[active]!;
      if (hit.href) go(hit.href);
    }
  };

  const status = !asking
    ? ''
    : search.isFetching && !search.data
      ? 'Searching…'
      : `${hits.length} ${hits.length === 1 ? 'suggestion' : 'suggestions'}`;
  return (
    <form
      role="search"
      action="/search"
      className="site-search"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim()) go(searchHref({ q: value.trim() }));
      }}
    >
      <input
        ref={input}
        id={SEARCH_FIELD_ID}
        type="search"
        name="q"
        aria-label="Search"
        placeholder="Search"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={
          expanded && active >= 0 && active < hits.length ? `${listId}-${active}` : undefined
        }
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="site-search__list"
        hidden={!expanded}
      >
        {hits.map((hit, index) => (
          <div
            key={`${hit.kind}:${hit.documentId}`}
            id={`${listId}-${index}`}
            role="option"
            // Focus stays in the field (aria-activedescendant): the options are never tabbed to.
            tabIndex={-1}
            aria-selected={index === active}
            className="site-search__option"
            // Chosen with the pointer before the field's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              if (hit.href) go(hit.href);
            }}
          >
            <span className="site-search__title">{hit.title}</span>{' '}
            <span className="site-search__kind">{hit.kind}</span>
          </div>
        ))}
      </div>
      <span className="visually-hidden" role="status">
        {status}
      </span>
    </form>
  );
}
