import { RichText } from '../../../lib/ui/rich-text';
import type { PreviewSection } from '../api/draft-preview-query';

/** The previewed version's texts and lists, in the order a teacher meets them. */
export function PreviewSections({ sections }: { sections: PreviewSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.heading} className="preview-page__section">
          <h2>{section.heading}</h2>
          {'markdown' in section ? <RichText html={section.markdown} /> : null}
          {'text' in section ? <p>{section.text}</p> : null}
          {'items' in section ? (
            <ul>
              {section.items.map((item, index) => (
                <li key={`${index}-${item}`}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </>
  );
}
