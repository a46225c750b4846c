import { LostPage } from '../../../lib/ui/lost-page';

/** A CPD event or session that does not exist (the slug is wrong or it was unpublished). */
export function NotFound() {
  return <LostPage backTo="/cpd" backLabel="Back to CPD" />;
}
