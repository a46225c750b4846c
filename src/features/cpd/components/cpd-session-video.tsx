import { CmsVideo, hasCmsVideo } from '../../../shared/media/cms-video';
import { Transcript } from '../../../shared/media/transcript';
import type { CpdSessionData } from '../api/cpd-sessions';

/**
 * A CPD session's film, 450 high (spec part 2, "Professional development (CPD)"), with its
 * transcript. Embed text that cannot play shows "This video could not be shown"; a video entry an
 * editor left empty shows nothing.
 */
export function CpdSessionVideo({ session }: { session: Pick<CpdSessionData, 'title' | 'video'> }) {
  const { video } = session;
  if (!video || !hasCmsVideo(video)) return null;
  const title = video.title || session.title;
  return (
    <div className="cpd-session-video">
      <CmsVideo video={video} title={title} captions={video.captions} width={800} height={450} />
      <Transcript html={video.transcript} title={title} />
    </div>
  );
}
