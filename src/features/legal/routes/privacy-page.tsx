import { usePrivacyPolicy } from '../api/legal-queries';
import { LegalDocument } from '../components/legal-document';

/** /privacy (spec part 2, "Legal"). */
export function PrivacyPage() {
  return <LegalDocument query={usePrivacyPolicy()} fallbackTitle="Privacy policy" />;
}
