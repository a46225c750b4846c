import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';

/** Unmatched paths (spec: 'Lost?' / 'That page could not be found'). */
export function NotFoundPage() {
  useDocumentTitle('Lost?');
  return (
    <section className="not-found">
      <h1>Lost?</h1>
      <p>That page could not be found</p>
      <p>
        <Link className="button" to="/">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
