import { Link, useMatches } from 'react-router-dom';
import { useCrumbLabels } from '../../../lib/ui/crumb-labels';
import type { AudiencesAndProgrammes } from '../api/audiences-and-programmes';
import { buildCrumbs } from '../utils/breadcrumbs';

/** Shown on every page but home; the last crumb is the current page and not a link. */
export function BreadcrumbTrail({ data }: { data: AudiencesAndProgrammes | undefined }) {
  const matches = useMatches();
  const labels = useCrumbLabels((state) => state.labels);
  const notFound = useCrumbLabels((state) => state.notFound);
  const crumbs = buildCrumbs(matches, data, labels, notFound);
  if (crumbs.length === 0) return null;

  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.to} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={crumb.to}>
              <Link to={crumb.to}>{crumb.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
