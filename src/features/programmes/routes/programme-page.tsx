import '../../../lib/ui/content.css';
import '../programmes.css';
import { Link, useParams } from 'react-router-dom';
import { GatedLink } from '../../../lib/auth/gated-link';
import { selectIsLoggedIn, useAuthStore } from '../../../lib/auth/auth-store';
import { useAudienceSlug } from '../../../lib/content/route-context';
import { themeStyle } from '../../../lib/content/theme';
import { AvailableOfflineBadge } from '../../../shared/offline/available-offline-badge';
import { CmsImage } from '../../../shared/media/cms-image';
import { useCrumbLabel } from '../../../lib/ui/crumb-labels';
import { DocumentList } from '../../../shared/documents/document-list';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { pageStateOf, usePageSnapshot } from '../../../shared/offline/use-page-snapshot';
import { useProgrammeQuery, type ProgrammeQueryResult } from '../api/programme-query';
import { MusicAtHomePanel } from '../components/music-at-home-panel';
import { programmeLinks } from '../utils/programme-rules';
import { LostPage } from '../../../lib/ui/lost-page';

/**
 * A programme (spec part 2, "Programme page"), at /{audience}/{programme}, under the secondary
 * key stages, under a landing page (/{audience}/{landing}/programme/{slug}), and at
 * /secondary/{programme}, where a landing page names it (`slug`, with the crumb it labels).
 */
export function ProgrammePage({
  slug: slugProp,
  crumbParam,
}: { slug?: string; crumbParam?: string } = {}) {
  const { programme: programmeParam, slug: slugParam } = useParams();
  const slug = slugProp ?? (programmeParam && !slugParam ? programmeParam : (slugParam ?? ''));
  const audienceSlug = useAudienceSlug() ?? '';
  const query = useProgrammeQuery({ slug, audienceSlug });
  const title = query.data?.programmes[0]?.title;
  useDocumentTitle(title);
  useCrumbLabel(crumbParam ?? 'slug', crumbParam || slugParam ? title : null);
  usePageSnapshot(pageStateOf(query.status));
  return (
    <QueryBoundary query={query}>
      {(data) => <ProgrammeView data={data} audienceSlug={audienceSlug} />}
    </QueryBoundary>
  );
}

function ProgrammeView({
  data,
  audienceSlug,
}: {
  data: ProgrammeQueryResult;
  audienceSlug: string;
}) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const user = useAuthStore((state) => state.user);
  const programme = data.programmes[0];
  // An unknown programme, or an address under no audience at all (/no-such-page/at-all).
  if (!programme) return <LostPage />;
  const base = `/${audienceSlug}/${programme.slug}`;
  const links = programmeLinks(data, loggedIn);
  const banner = programme.theme?.main_banner_image;

  return (
    <article className="programme themed" style={themeStyle(programme.theme?.css)}>
      {banner && (
        <CmsImage
          image={banner}
          formats={['large', 'medium']}
          className="banner-image"
          eager
          alt={programme.theme?.main_banner_image_decorative ? '' : (banner.alternativeText ?? '')}
        />
      )}
      <header className="programme__header">
        <CmsImage
          image={programme.theme?.programme_logo}
          alt={programme.theme?.programme_logo_decorative ? '' : undefined}
          formats={['small', 'thumbnail']}
          className="programme__logo"
          eager
        />
        <h1>{programme.title}</h1>
      </header>
      <div className="programme__blurb">
        <RichText html={programme.blurb} />
      </div>
      <RichText html={programme.introduction} />

      <section aria-labelledby="units-heading" className="programme__units">
        <h2 id="units-heading">Units of work</h2>
        <RichText html={programme.schemes_intro} />
        {programme.units.length === 0 ? (
          <p>No units of work have been published for this programme yet.</p>
        ) : (
          <ul className="card-grid">
            {programme.units.map((unit) => (
              <li key={unit.documentId}>
                <article className="card">
                  <h3>{unit.title}</h3>
                  <AvailableOfflineBadge kind="unit" contentId={unit.documentId} />
                  <RichText html={unit.blurb} />
                  <GatedLink to={`${base}/unit/${unit.documentId}`} className="button">
                    View unit of work<span className="visually-hidden">: {unit.title}</span>
                  </GatedLink>
                </article>
              </li>
            ))}
          </ul>
        )}
        {links.customUnits && (
          <GatedLink to={`${base}/custom-unit`} className="button button--secondary">
            Your units of work
          </GatedLink>
        )}
      </section>

      {(links.activityLibrary || links.audioLibrary) && (
        <section aria-labelledby="libraries-heading" className="programme__libraries">
          <h2 id="libraries-heading">
            Or build your own lessons from the audio and activity libraries
          </h2>
          <ul className="programme__library-links">
            {links.activityLibrary && (
              <li>
                <Link className="button button--secondary" to={`${base}/activities`}>
                  Activity Library
                </Link>
              </li>
            )}
            {links.audioLibrary && (
              <li>
                <Link className="button button--secondary" to={`${base}/audio`}>
                  Audio Library
                </Link>
              </li>
            )}
          </ul>
        </section>
      )}

      <DocumentList documents={programme.summary_document} heading="Summary documents" />

      {links.atHome && user && (
        <MusicAtHomePanel
          audience={audienceSlug}
          programme={programme.slug}
          libraryNumericId={links.atHome.numeric_id}
          userId={user.id}
          introduction={programme.introduction_at_home}
          mediaIntroduction={programme.media_introduction}
          mediaEmbed={programme.media_embed}
          mediaCaptions={programme.media_captions}
          mediaTranscript={programme.media_transcript}
          mediaPoster={programme.media_poster?.url ?? null}
        />
      )}
    </article>
  );
}
