import { useId } from 'react';
import { Link } from 'react-router-dom';
import { documentHref } from '../../../lib/content/documents';
import { CmsImage } from '../../../shared/media/cms-image';
import { DocumentLink } from '../../../shared/documents/document-link';
import { RichText } from '../../../lib/ui/rich-text';
import { useOnline } from '../../../lib/ui/use-online';
import type { FeatureBox } from '../api/audience-query';
import { FeatureBoxAudio } from './feature-box-audio';

/**
 * A feature box: thumbnail, title, blurb, age-group tags, its audio player when audio is
 * attached, and the link label. Without a link (a preview, an unreleased programme) it is greyed
 * with a dashed outline and not clickable.
 */
export function FeatureBoxCard({ box, href }: { box: FeatureBox; href: string | null }) {
  const document = box.programmelink?.document;
  const online = useOnline();
  // Named by its title, so a screen reader lists each box by name among the page's articles.
  const titleId = useId();
  return (
    <article
      className={`card feature-box${href ? '' : ' card--disabled'}`}
      aria-labelledby={titleId}
    >
      <CmsImage
        image={box.featured_image}
        formats={['small', 'thumbnail']}
        alt={box.featured_image_decorative ? '' : undefined}
      />
      <h2 id={titleId} className="feature-box__title">
        {box.title}
      </h2>
      {/* Said once: the box's own link label often says it already. */}
      {box.is_preview && box.link_label?.trim().toLowerCase() !== 'coming soon' && (
        <p className="feature-box__preview">Coming soon</p>
      )}
      <RichText html={box.blurb} />
      {(box.tag_age_groups ?? []).length > 0 && (
        <ul className="tag-list" aria-label="Age groups">
          {(box.tag_age_groups ?? []).map((tag) => (
            <li key={tag.id}>{tag.title}</li>
          ))}
        </ul>
      )}
      <FeatureBoxAudio audio={box.programmelink?.audio} />
      {href ? (
        <Link className="button" to={href}>
          {box.link_label || 'Explore'}
          <span className="visually-hidden">: {box.title}</span>
        </Link>
      ) : document ? (
        <DocumentLink className="button button--secondary" href={documentHref(document, online)}>
          {box.link_label || document.name}
        </DocumentLink>
      ) : (
        box.link_label && <p className="feature-box__label">{box.link_label}</p>
      )}
    </article>
  );
}
