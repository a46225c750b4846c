import { CmsVideo, hasCmsVideo } from '../../../shared/media/cms-video';
import { RichText } from '../../../lib/ui/rich-text';
import { Transcript } from '../../../shared/media/transcript';
import type { LearningResourcesHome } from '../api/learning-resources-home';

/**
 * The home page's introduction film with its words. Embed text an editor entered that cannot play
 * still gets its section, holding "This video could not be shown"; an empty Embed has none.
 */
export function HomeVideo({ home }: { home: LearningResourcesHome }) {
  if (!hasCmsVideo({ embed: home.media_embed })) return null;
  return (
    <section aria-labelledby="home-video-heading" className="home__video">
      <h2 id="home-video-heading" className="visually-hidden">
        Introduction video
      </h2>
      <RichText html={home.media_introduction} />
      <CmsVideo
        video={{ embed: home.media_embed }}
        title={`${home.title}: introduction`}
        captions={home.media_captions}
        width={640}
        height={480}
      />
      <Transcript html={home.media_transcript} title="Introduction video" />
    </section>
  );
}
