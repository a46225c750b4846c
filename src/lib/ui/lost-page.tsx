import { useLayoutEffect } from 'react';
import { Link } from 'react-router-dom';
import { releaseSnapshot } from '../offline/snapshot-cover';
import { useNotFoundCrumb } from './crumb-labels';
import { useDocumentTitle } from './use-document-title';

/**
 * Any address that leads nowhere (spec: 'Lost?' / 'That page could not be found', with a link
 * home): an unmatched route, and a content page whose slug the CMS does not know.
 */
export function LostPage({
  backTo = '/',
  backLabel = 'Go to the home page',
}: {
  backTo?: string;
  backLabel?: string;
}) {
  useDocumentTitle('Lost?');
  useNotFoundCrumb();
  // The app says the page is not there: nothing painted before it may stand over that.
  useLayoutEffect(releaseSnapshot, []);
  return (
    <section className="not-found">
      <h1>Lost?</h1>
      <p>That page could not be found</p>
      <p>
        <Link className="button" to={backTo}>
          {backLabel}
        </Link>
      </p>
    </section>
  );
}
