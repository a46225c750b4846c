import '../search.css';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorPanel } from '../../../lib/ui/error-panel';
import { Spinner } from '../../../lib/ui/spinner';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useOnline } from '../../../lib/ui/use-online';
import { useSearch } from '../../../shared/search/search-query';
import type { SearchHit } from '../../../shared/search/search-cms';
import { groupByKind, kindHeading } from '../utils/group-results';
import { searchHref, type SearchFilters } from '../../../shared/search/search-href';

const FILTERS = [
  { name: 'kind', label: 'Type', facet: 'kind', any: 'All types' },
  { name: 'audience', label: 'Audience', facet: 'audience', any: 'All audiences' },
  { name: 'keyStage', label: 'Key stage', facet: 'keyStage', any: 'All key stages' },
  { name: 'time', label: 'Activity time', facet: 'time', any: 'Any time' },
] as const;

/**
 * The results page, `/search?q=…` (bookmarkable): results across every content type, grouped by
 * type, each with its audience, its place (programme › unit › lesson) and a link; filters for
 * type, audience and activity time. Offline, it says the results come from this device only.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const online = useOnline();
  const fieldId = useId();
  const filters: SearchFilters = {
    q: params.get('q') ?? '',
    kind: params.get('kind') ?? undefined,
    audience: params.get('audience') ?? undefined,
    time: params.get('time') ?? undefined,
    keyStage: params.get('keyStage') ?? undefined,
  };
  useDocumentTitle(filters.q ? `Search: ${filters.q}` : 'Search');
  const search = useSearch({ ...filters, limit: 50 });
  const answer = search.data;
  // The field follows the address (a search from the shell, Back), and stays the same field when
  // it searches itself, so the focus stays in it.
  const [typed, setTyped] = useState(filters.q);
  const [typedFor, setTypedFor] = useState(filters.q);
  if (typedFor !== filters.q) {
    setTypedFor(filters.q);
    setTyped(filters.q);
  }

  return (
    <div className="search-page">
      <h1>{filters.q ? `Search results for ‘${filters.q}’` : 'Search'}</h1>
      <form
        role="search"
        aria-label="This search"
        className="search-page__form"
        onSubmit={(event) => {
          event.preventDefault();
          const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
          void navigate(searchHref({ ...filters, q }));
        }}
      >
        <label htmlFor={fieldId}>Search for</label>
        <input
          id={fieldId}
          type="search"
          name="q"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {(!online || answer?.device) && (
        <p className="search-page__device" role="note">
          You are offline: these results come from this device only, which holds{' '}
          {answer?.device?.items ?? 0} {answer?.device?.items === 1 ? 'item' : 'items'}.
        </p>
      )}
      {answer && (
        <div className="search-page__filters">
          {FILTERS.map(({ name, label, facet, any }) => {
            const counts = answer.facets[facet] ?? {};
            const values = Object.keys(counts).sort();
            if (values.length === 0 && !filters[name]) return null;
            return (
              <label key={name} className="search-page__filter">
                {label}{' '}
                <select
                  value={filters[name] ?? ''}
                  onChange={(event) =>
                    void navigate(
                      searchHref({ ...filters, [name]: event.target.value || undefined }),
                    )
                  }
                >
                  <option value="">{any}</option>
                  {values.map((value) => (
                    <option key={value} value={value}>
                      {name === 'kind' ? kindHeading(value) : value} ({counts[value]})
                    </option>
                  ))}
                </select>
              </label>
            );
          })}
        </div>
      )}
      {!filters.q ? (
        <p>
          Type what you are looking for: a programme, unit, lesson, activity, recording or CPD
          session.
        </p>
      ) : search.isPending ? (
        <Spinner label="Searching…" />
      ) : search.isError ? (
        <ErrorPanel error={search.error} />
      ) : (
        <Results answer={answer!} q={filters.q} />
      )}
    </div>
  );
}

function Results({
  answer,
  q,
}: {
  answer: NonNullable<ReturnType<typeof useSearch>['data']>;
  q: string;
}) {
  if (answer.results.length === 0) return <p role="status">No results for ‘{q}’.</p>;
  return (
    <>
      <p role="status">
        {answer.total} {answer.total === 1 ? 'result' : 'results'}
        {answer.corrected ? ` for ‘${answer.corrected}’` : ''}
      </p>
      {groupByKind(answer.results).map(([kind, hits]) => (
        <section
          key={kind}
          className="search-page__group"
          aria-labelledby={`search-${kind.replace(/\W/g, '-')}`}
        >
          <h2 id={`search-${kind.replace(/\W/g, '-')}`}>
            {kindHeading(kind)} ({hits.length})
          </h2>
          <ul className="search-page__results">
            {hits.map((hit) => (
              <Result key={`${hit.kind}:${hit.documentId}`} hit={hit} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function Result({ hit }: { hit: SearchHit }) {
  return (
    <li className="search-result">
      <h3 className="search-result__title">
        {hit.href ? <Link to={hit.href}>{hit.title}</Link> : hit.title}
      </h3>
      <p className="search-result__meta">
        {hit.audience && <span className="search-result__audience">{hit.audience.title}</span>}
        {hit.place.length > 0 && (
          <span className="search-result__place">
            {hit.place.map((place, index) => (
              <span key={`${place.kind}:${place.title}`}>
                {index > 0 && ' › '}
                {place.href ? <Link to={place.href}>{place.title}</Link> : place.title}
              </span>
            ))}
          </span>
        )}
        {hit.keyStages && hit.keyStages.length > 0 && <span>{hit.keyStages.join(', ')}</span>}
        {hit.time && <span>{hit.time}</span>}
      </p>
      {hit.snippet.length > 0 && (
        <p className="search-result__snippet">
          {hit.snippet.map((segment, index) =>
            segment.match ? (
              <mark key={index}>{segment.text}</mark>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
          )}
        </p>
      )}
    </li>
  );
}
