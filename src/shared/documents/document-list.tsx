import '../../lib/ui/content.css';
import { visibleDocuments, type CmsDocument } from '../../lib/content/documents';
import { DocumentLink } from './document-link';
import { useOnline } from '../../lib/ui/use-online';

/** A titled list of downloadable documents; nothing at all when none has a title and a file. */
export function DocumentList({
  documents,
  heading = 'Documents',
  headingLevel = 2,
}: {
  documents: readonly (CmsDocument | null)[] | null | undefined;
  heading?: string;
  headingLevel?: 2 | 3;
}) {
  const online = useOnline();
  const shown = visibleDocuments(documents, online);
  if (shown.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    // Which documents it lists depends on the network now (src/lib/offline/snapshot-cover.ts).
    <section className="document-list" aria-label={heading} data-snapshot-omit>
      <Heading>{heading}</Heading>
      <ul>
        {shown.map((document) => (
          <li key={document.key}>
            <DocumentLink href={document.href}>
              {document.title}
              {document.ext && <span className="document-list__ext"> ({document.ext})</span>}
            </DocumentLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
