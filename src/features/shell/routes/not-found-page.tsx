import { LostPage } from '../../../lib/ui/lost-page';

/** Unmatched paths (spec: 'Lost?' / 'That page could not be found'). */
export function NotFoundPage() {
  return <LostPage />;
}
