import type { UseQueryResult } from '@tanstack/react-query';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import type { LegalPage } from '../api/legal-queries';

/** A legal page: its title and its (sanitized) content from the CMS. */
export function LegalDocument({
  query,
  fallbackTitle,
}: {
  query: UseQueryResult<LegalPage | null>;
  fallbackTitle: string;
}) {
  useDocumentTitle(query.data?.title ?? fallbackTitle);
  return (
    <QueryBoundary query={query}>
      {(page) => (
        <article className="narrow legal-document">
          <h1>{page?.title ?? fallbackTitle}</h1>
          {page?.content ? (
            <RichText html={page.content} />
          ) : (
            <p>This page has not been published yet.</p>
          )}
        </article>
      )}
    </QueryBoundary>
  );
}
