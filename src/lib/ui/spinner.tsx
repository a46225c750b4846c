import { useEffect, useState } from 'react';

/**
 * A loading indicator announced politely to screen readers. Its region goes into the page empty
 * and says what is loading a moment later: a live region that arrives holding its text is often
 * not read at all, one whose text changes is.
 */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  const [said, setSaid] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSaid(label));
    return () => clearTimeout(timer);
  }, [label]);
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{said}</span>
    </div>
  );
}
