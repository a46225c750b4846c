import { useEffect, useId, useRef, useState } from 'react';
import { useAccessStore } from '../../../lib/auth/access-store';
import { NavLink } from 'react-router-dom';
import { selectIsLoggedIn, useAuthStore } from '../../../lib/auth/auth-store';
import { linksToUnreleasedProgramme, programmeLinkHref } from '../../../lib/content/programme-link';
import type { NavAudience } from '../api/audiences-and-programmes';
import { AccountMenu } from './account-menu';
import { NavDropdown } from './nav-dropdown';

/** spec part 1, Page shell: the fixed home link of each audience section, labelled as the spec says. */
const AUDIENCE_HOME_LABELS: Readonly<Record<string, string>> = {
  primary: 'Primary home',
  secondary: 'Secondary home',
  send: 'SEND home',
  live: 'Live home',
};

function AudienceMenu({ audience }: { audience: NavAudience }) {
  return (
    <NavDropdown label={audience.title}>
      <li>
        <NavLink to={`/${audience.slug}`} end>
          {AUDIENCE_HOME_LABELS[audience.slug] ?? `${audience.title} home`}
        </NavLink>
      </li>
      {audience.featurebox.map((box) => {
        const href = programmeLinkHref(audience.slug, box.programmelink);
        if (!href) return null;
        return (
          <li key={box.id}>
            {box.is_preview ? (
              <span className="nav-preview">
                {box.title} <span className="badge">Preview</span>
              </span>
            ) : linksToUnreleasedProgramme(box.programmelink) ? (
              // Not a link, as its box on the audience page: the programme is not released yet.
              <span className="nav-preview">
                {box.title} <span className="badge">Coming soon</span>
              </span>
            ) : (
              <NavLink to={href}>{box.title}</NavLink>
            )}
          </li>
        );
      })}
    </NavDropdown>
  );
}

/**
 * The main navigation (spec part 1, "Page shell"). The header remounts it on every route
 * change, which is what closes the menu and any open dropdown.
 */
export function MainNavigation({ audiences }: { audiences: NavAudience[] }) {
  const [open, setOpen] = useState(false);
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const menuId = useId();
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The off-canvas menu closes like any overlay: on Escape (focus back on its toggle), on a tap
  // outside it, and when a dialog opens over it (it stayed open behind the login panel).
  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (!navRef.current?.contains(event.target as Node)) setOpen(false);
    }
    // Tab out of the open menu closes it too: the page's controls behind the fixed panel would
    // otherwise take focus out of sight (WCAG 2.4.11).
    function onFocusIn(event: FocusEvent) {
      if (!navRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      // An open dropdown inside the menu closes first (it handles the same key).
      if (
        event.key !== 'Escape' ||
        navRef.current?.querySelector('.nav-dropdown__toggle[aria-expanded="true"]')
      )
        return;
      setOpen(false);
      toggleRef.current?.focus();
    }
    const unsubscribe = useAccessStore.subscribe((state) => {
      if (!state.loginPanelOpen && !state.subscribeModalOpen) return;
      // Before the dialog takes note of its opener: the hidden menu's button cannot take focus
      // back when the dialog closes, the menu's toggle can.
      if (navRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
      setOpen(false);
    });
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      unsubscribe();
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  return (
    <nav ref={navRef} className="main-nav" aria-label="Main">
      <button
        ref={toggleRef}
        type="button"
        className="main-nav__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true" className="main-nav__burger" />
        Menu
      </button>
      <div
        id={menuId}
        className={open ? 'main-nav__panel main-nav__panel--open' : 'main-nav__panel'}
      >
        <ul className="main-nav__list">
          {audiences.map((audience) => (
            <AudienceMenu key={audience.documentId} audience={audience} />
          ))}
          {loggedIn && (
            <>
              <li>
                <NavLink to="/playlists">Your Playlists</NavLink>
              </li>
              <li>
                <NavLink to="/cpd">CPD</NavLink>
              </li>
            </>
          )}
        </ul>
        <AccountMenu />
      </div>
    </nav>
  );
}
