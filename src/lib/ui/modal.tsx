import { useEffect, useRef, type ReactNode } from 'react';
import { focusMainHeading } from './route-focus';

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert
 * (focus stays inside) and Escape closes it. Focus returns to whatever opened it; when that is
 * gone (the 'Log In' button a login replaces), to the page's heading, never to <body> (WCAG 2.4.3).
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  width = 640,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  /** Maximum width in px (login panel 640, playlist details 400: spec part 1, section 9). */
  width?: number;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={labelledBy}
      style={{ maxWidth: `min(${width}px, calc(100vw - 2rem))` }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        const opener = openerRef.current;
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
        if (!focusIsLost()) return;
        // The opener may go in the same render that closes the dialog: wait for that render.
        requestAnimationFrame(() => {
          if (!focusIsLost()) return;
          if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
          if (focusIsLost()) focusMainHeading();
        });
      }}
    >
      {open && children}
    </dialog>
  );
}

function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}
