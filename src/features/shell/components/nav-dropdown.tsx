import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** A disclosure menu: a button that shows a list of links; Escape or a click away closes it. */
export function NavDropdown({
  label,
  align = 'start',
  children,
}: {
  label: ReactNode;
  /** 'end' opens the list under the button's right edge (for the right-hand account menu). */
  align?: 'start' | 'end';
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <li ref={rootRef} className="nav-dropdown">
      <button
        ref={buttonRef}
        type="button"
        className="nav-dropdown__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <span aria-hidden="true" className="nav-dropdown__chevron" />
      </button>
      <ul id={id} className={`nav-dropdown__list nav-dropdown__list--${align}`} hidden={!open}>
        {children}
      </ul>
    </li>
  );
}
