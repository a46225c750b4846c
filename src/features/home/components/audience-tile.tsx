import { Link } from 'react-router-dom';
import type { HomeAudience } from '../api/learning-resources-home';

export function AudienceTile({ audience }: { audience: HomeAudience }) {
  return (
    <li className="audience-tile">
      {/* Under the section's 'Audiences' h2: no heading level is skipped or repeated. */}
      <h3 className="audience-tile__title">{audience.title}</h3>
      {audience.subtitle && <p className="audience-tile__subtitle">{audience.subtitle}</p>}
      <Link className="button" to={`/${audience.slug}`}>
        Explore {audience.title}
      </Link>
    </li>
  );
}
