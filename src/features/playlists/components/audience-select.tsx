import { useId } from 'react';
import type { PlaylistAudience } from '../api/playlist-page-content';

/** The playlist's audience: one of the CMS's audiences (the dialog and the details modal). */
export function AudienceSelect({
  audiences,
  value,
  onChange,
}: {
  audiences: PlaylistAudience[];
  value: string;
  onChange: (audienceId: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Audience</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {audiences.map((option) => (
          <option key={option.documentId} value={option.documentId}>
            {option.title}
          </option>
        ))}
      </select>
    </div>
  );
}
