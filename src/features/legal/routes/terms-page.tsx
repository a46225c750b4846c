import { useTermsAndCondition } from '../api/legal-queries';
import { LegalDocument } from '../components/legal-document';

/** /terms-and-conditions (spec part 2, "Legal"). */
export function TermsPage() {
  return <LegalDocument query={useTermsAndCondition()} fallbackTitle="Terms and Conditions" />;
}
