import { RichText } from '../../../lib/ui/rich-text';
import type { PromoBox } from '../api/learning-resources-home';
import { promoLink } from '../utils/promo-link';

export function PromoBoxCard({ box }: { box: PromoBox }) {
  const link = promoLink(box);
  return (
    <li className="promo-box">
      <h2 className="promo-box__title">{box.title}</h2>
      <RichText html={box.body} />
      {link && (
        <a className="button button--secondary" href={link.href}>
          {link.label}
        </a>
      )}
    </li>
  );
}
