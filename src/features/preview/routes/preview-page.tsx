import { useSearchParams } from 'react-router-dom';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import {
  useDraftPreview,
  type DraftPreview,
  type PreviewRefusal,
} from '../api/draft-preview-query';
import { PreviewNotice } from '../components/preview-notice';
import { PreviewSections } from '../components/preview-sections';
import '../preview.css';

const REFUSALS: Record<PreviewRefusal['error'], string> = {
  invalid: 'This preview link is not valid. Open the preview again from the CMS.',
  expired:
    'This preview link has expired (links last an hour). Open the preview again from the CMS.',
  'not-found': 'There is nothing to preview: this version was deleted or has not been saved.',
};

const UNREACHABLE =
  'The preview could not be loaded: the app cannot reach the CMS. Check the connection and reload.';

const isRefusal = (answer: DraftPreview | PreviewRefusal | null): answer is PreviewRefusal | null =>
  answer === null || 'error' in answer;

/**
 * /preview/:type/:documentId?token=…: an editor's draft lesson, activity or
 * programme, opened from the CMS admin's preview. The token alone decides what is shown; the path
 * says what the link is for.
 */
export function PreviewPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const query = useDraftPreview(token);
  const preview = query.data && !isRefusal(query.data) ? query.data : null;
  useDocumentTitle(preview ? `Preview: ${preview.title}` : 'Preview');

  if (!token) return <PreviewProblem message={REFUSALS.invalid} />;
  // The shared error panel asks visitors to log in, which would mislead an editor: a preview
  // needs no sign-in, only the CMS.
  if (query.isError && query.data === undefined) return <PreviewProblem message={UNREACHABLE} />;
  return (
    <QueryBoundary query={query}>
      {(answer) =>
        isRefusal(answer) ? (
          <PreviewProblem message={REFUSALS[answer?.error ?? 'not-found']} />
        ) : (
          <article className="narrow preview-page">
            <PreviewNotice preview={answer} />
            <h1>{answer.title || 'Untitled'}</h1>
            <PreviewSections sections={answer.sections} />
          </article>
        )
      }
    </QueryBoundary>
  );
}

function PreviewProblem({ message }: { message: string }) {
  return (
    <article className="narrow preview-page">
      <h1>Preview</h1>
      <p className="notice preview-page__problem" role="alert">
        {message}
      </p>
    </article>
  );
}
