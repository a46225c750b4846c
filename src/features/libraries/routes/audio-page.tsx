import '../../../lib/ui/content.css';
import '../libraries.css';
import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useAccessStore } from '../../../lib/auth/access-store';
import { selectIsLoggedIn, useAuthStore } from '../../../lib/auth/auth-store';
import { documentHref } from '../../../lib/content/documents';
import { DocumentLink } from '../../../shared/documents/document-link';
import { useCurrentPath } from '../../../lib/content/route-context';
import { useAddToPlaylist } from '../../../lib/playlists/add-to-playlist-store';
import { AudioPlayer } from '../../../shared/media/audio-player';
import { useCrumbLabel } from '../../../lib/ui/crumb-labels';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { StateHeading } from '../../../lib/ui/state-heading';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useOnline } from '../../../lib/ui/use-online';
import { useAudioPageContainer } from '../api/audio-libraries';
import { useAudioPagesCombined, type AudioPageData } from '../api/audio-pages-combined';
import { AudioPageDownload } from '../components/audio-page-download';
import { inAddressOrder, parsePageIds, scoreCaption } from '../utils/audio-rules';

/** An audio page, or several side by side (spec part 2, "Libraries"), under every library path. */
export function AudioPage() {
  const { page } = useParams();
  const { pathname } = useLocation();
  const ids = useMemo(() => parsePageIds(page), [page]);
  const { container } = useParams();
  const query = useAudioPagesCombined({ ids });
  const ordered = useMemo(() => inAddressOrder(query.data ?? [], ids), [query.data, ids]);
  const title = query.data ? ordered.map((entry) => entry.title).join(', ') : undefined;
  useDocumentTitle(title);
  useCrumbLabel('page', title);
  return (
    <QueryBoundary query={query}>
      {() =>
        ordered.length === 0 ? (
          <div className="narrow">
            <StateHeading>Audio not found</StateHeading>
            <p>There is no recording at this address.</p>
          </div>
        ) : (
          <div className="audio-pages">
            {container && <CollectionCrumb id={container} />}
            {ordered.length > 1 && <h1>{title}</h1>}
            <AudioPageDownload ids={ids} title={title ?? ''} path={pathname} />
            {ordered.map((entry) => (
              <AudioPageSection
                key={entry.documentId}
                page={entry}
                headingLevel={ordered.length > 1 ? 2 : 1}
              />
            ))}
          </div>
        )
      }
    </QueryBoundary>
  );
}

/** A page opened from a collection names that collection in the breadcrumb, not 'Collection'. */
function CollectionCrumb({ id }: { id: string }) {
  const collection = useAudioPageContainer({ id });
  useCrumbLabel('container', collection.data?.title);
  return null;
}

function AudioPageSection({ page, headingLevel }: { page: AudioPageData; headingLevel: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const SubHeading = headingLevel === 1 ? 'h2' : 'h3';
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const openLoginPanel = useAccessStore((state) => state.openLoginPanel);
  const openAdd = useAddToPlaylist((state) => state.open);
  const path = useCurrentPath();
  const online = useOnline();
  return (
    <section className="audio-page" aria-label={page.title}>
      <Heading>{page.title}</Heading>
      <RichText html={page.introduction} />
      <ul className="audio-page__excerpts">
        {(page.audio_excerpts ?? []).map((excerpt) => {
          const file = excerpt.audio_file;
          if (!file) return null;
          const title = excerpt.title ?? file.caption ?? file.name;
          return (
            <li key={excerpt.id} className="audio-excerpt">
              <SubHeading className="audio-excerpt__title">{title}</SubHeading>
              <RichText html={excerpt.summary} />
              <AudioPlayer
                src={file.url}
                title={title}
                caption={file.caption}
                transcript={excerpt.transcript}
                hideTitle
              />
              <button
                type="button"
                className="button button--secondary"
                onClick={() =>
                  loggedIn
                    ? openAdd({
                        kind: 'audio',
                        itemId: file.documentId,
                        title,
                        contextPath: path,
                        details: { url: file.url, caption: file.caption, size: file.size },
                      })
                    : openLoginPanel(path)
                }
              >
                Add to playlist<span className="visually-hidden">: {title}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {(page.Score ?? []).length > 0 && (
        <ul className="audio-page__scores">
          {(page.Score ?? []).map((score) => (
            <li key={score.documentId}>
              <DocumentLink href={documentHref(score, online)}>
                {scoreCaption(score.caption)}
              </DocumentLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
