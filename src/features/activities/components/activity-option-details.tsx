import type { ActivityOption } from '../api/activity-page-query';
import { CmsImage } from '../../../shared/media/cms-image';
import { AudioPlayer } from '../../../shared/media/audio-player';
import { RichText } from '../../../lib/ui/rich-text';
import { TabLinks } from '../../../lib/ui/tab-links';
import { VideoEmbed } from '../../../shared/media/video-embed';
import { chooseById, objectivesFor } from '../utils/activity-rules';

/** One activity option: introduction, this audience's learning objectives, delivery tabs. */
export function ActivityOptionDetails({
  option,
  audienceSlug,
  deliveryParam,
  optionPath,
}: {
  option: ActivityOption;
  audienceSlug: string | null;
  deliveryParam: string | undefined;
  optionPath: string;
}) {
  const objectives = objectivesFor(option, audienceSlug);
  const deliveries = option.delivery_option ?? [];
  const delivery = chooseById(deliveries, deliveryParam);
  return (
    <div className="activity-option">
      <RichText html={option.introduction} />
      {objectives.length > 0 && (
        <section aria-labelledby="objectives-heading">
          <h2 id="objectives-heading">Learning objectives</h2>
          <ul>
            {objectives.map((objective) => (
              <li key={objective.id}>
                <strong>{objective.title}</strong>
                <RichText html={objective.description} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <RichText html={option.introduction_pt2} />
      {deliveries.length > 0 && (
        <section aria-labelledby="delivery-heading">
          <h2 id="delivery-heading">Delivery</h2>
          <TabLinks
            label="Delivery options"
            currentKey={delivery?.id ?? null}
            tabs={deliveries.map((entry) => ({
              key: entry.id,
              label: entry.title ?? 'Delivery',
              to: `${optionPath}/${entry.id}`,
            }))}
          />
          {delivery && (
            <div className="activity-delivery">
              {deliveries.length === 1 && delivery.title && <h3>{delivery.title}</h3>}
              {(delivery.activity_detail ?? []).map((detail) => (
                <div key={detail.id} className="activity-detail">
                  {detail.title && <h3>{detail.title}</h3>}
                  <RichText html={detail.description} />
                  {(detail.media ?? []).map((media) =>
                    media.mime?.startsWith('audio/') ? (
                      <AudioPlayer
                        key={media.url}
                        src={media.url}
                        title={detail.title ?? 'Audio'}
                      />
                    ) : media.mime?.startsWith('video/') ? (
                      <VideoEmbed
                        key={media.url}
                        file={media}
                        title={detail.title ?? 'Video'}
                        width={640}
                        height={480}
                      />
                    ) : media.mime?.startsWith('image/') ? (
                      <CmsImage
                        key={media.url}
                        image={media}
                        formats={['medium', 'small']}
                        alt={detail.media_decorative ? '' : undefined}
                      />
                    ) : null,
                  )}
                </div>
              ))}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
