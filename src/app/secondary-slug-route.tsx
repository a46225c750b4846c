import { useParams } from 'react-router-dom';
import { LandingPage } from '../features/audiences/routes/landing-page';
import { ProgrammePage } from '../features/programmes/routes/programme-page';
import { useAudiencesAndProgrammes } from '../features/shell/api/audiences-and-programmes';
import { Spinner } from '../lib/ui/spinner';

/**
 * /secondary/{slug}: a landing page or a project (the secondary home's boxes link to both), or
 * a secondary programme. A secondary programme's page sits under a key stage, but its units live
 * under /secondary/{programme}/unit/…, so their trail's programme crumb leads here. The shell's
 * query (already loaded for the menu) says which; a landing page or project keeps the address.
 */
export function SecondarySlugRoute() {
  const { landingPageSlug = '' } = useParams();
  const shell = useAudiencesAndProgrammes();
  if (!shell.data) return <Spinner />;
  const isPage = [...shell.data.landingPages, ...shell.data.projects].some(
    (entry) => entry.slug === landingPageSlug,
  );
  const isProgramme =
    !isPage &&
    shell.data.programmes.some(
      (entry) => entry.slug === landingPageSlug && entry.audience?.slug === 'secondary',
    );
  return isProgramme ? (
    <ProgrammePage slug={landingPageSlug} crumbParam="landingPageSlug" />
  ) : (
    <LandingPage />
  );
}
