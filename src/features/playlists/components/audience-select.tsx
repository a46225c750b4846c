import { useId } from 'react';
import type { PlaylistAudience } from '../api/playlist-page-content';

/**
 * The playlist's audience: one of the CMS's audiences (the dialog and the details modal).
 * `allowNone` offers 'No audience chosen' (value '') for a playlist that has none, so the select
 * shows the truth instead of the first audience.
 */
export function AudienceSelect({
  audiences,
  value,
  onChange,
  allowNone = false,
}: {
  audiences: PlaylistAudience[];
  value: string;
  onChange: (audienceId: string) => void;
  allowNone?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Audience</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {allowNone && <option value="">No audience chosen</option>}
        {audiences.map((option) => (
          <option key={option.documentId} value={option.documentId}>
            {option.title}
          </option>
        ))}
      </select>
    </div>
  );
}
