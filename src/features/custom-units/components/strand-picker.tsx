import type { LearningStrand } from '../api/custom-scheme-builder';
import { RichText } from '../../../lib/ui/rich-text';

/**
 * The learning strands as toggles (checkboxes, so a keyboard and a screen reader know what they
 * are). Once the required number is chosen the others cannot be picked (spec part 2, section 4).
 */
export function StrandPicker({
  strands,
  chosen,
  required,
  onToggle,
}: {
  strands: LearningStrand[];
  chosen: readonly string[];
  required: number;
  onToggle: (id: string) => void;
}) {
  const full = chosen.length >= required;
  return (
    <fieldset className="strand-picker">
      <legend>
        Learning strands{' '}
        <span className="strand-picker__count">
          ({chosen.length} of {required} chosen)
        </span>
      </legend>
      <ul>
        {strands.map((strand) => {
          const checked = chosen.includes(strand.documentId);
          const id = `strand-${strand.documentId}`;
          return (
            <li key={strand.documentId} className={checked ? 'strand strand--chosen' : 'strand'}>
              <input
                type="checkbox"
                id={id}
                checked={checked}
                disabled={!checked && full}
                aria-describedby={strand.description ? `${id}-description` : undefined}
                onChange={() => onToggle(strand.documentId)}
              />
              <label htmlFor={id}>{strand.title}</label>
              {strand.description && (
                <div id={`${id}-description`} className="strand__description">
                  <RichText html={strand.description} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
