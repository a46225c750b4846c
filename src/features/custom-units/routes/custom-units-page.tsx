import '../../../lib/ui/content.css';
import '../custom-units.css';
import { Link, useParams } from 'react-router-dom';
import { selectCanAccessContent, useAuthStore } from '../../../lib/auth/auth-store';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { SubscriberOnly } from '../../../lib/ui/subscriber-only';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useCustomSchemes, type CustomSchemeSummary } from '../api/custom-schemes';
import { DeleteUnitDialog } from '../components/delete-unit-dialog';
import { useDeleteUnit } from '../components/use-delete-unit';

/** The teacher's own units for a programme (spec part 2, "Custom units"): /{audience}/{programme}/custom-unit. */
export function CustomUnitsPage() {
  const { audience = '', programme = '' } = useParams();
  const canAccess = useAuthStore(selectCanAccessContent);
  const ownerId = useAuthStore((state) => state.user?.id ?? null);
  const query = useCustomSchemes(
    { ownerId, audienceSlug: audience, programmeSlug: programme },
    canAccess,
  );
  useDocumentTitle('Your units of work');
  return (
    <div className="custom-units">
      <h1>Your units of work</h1>
      {canAccess ? (
        <QueryBoundary query={query}>
          {(units) => (
            <UnitList units={units} createPath={`/${audience}/${programme}/create-unit`} />
          )}
        </QueryBoundary>
      ) : (
        <SubscriberOnly what="Custom units" />
      )}
    </div>
  );
}

function UnitList({ units, createPath }: { units: CustomSchemeSummary[]; createPath: string }) {
  const deletion = useDeleteUnit();
  return (
    <>
      {units.length === 0 ? (
        <p>
          You have not created a unit of work for this programme yet. Pick the learning strands you
          want to teach and we will put the lessons together.
        </p>
      ) : (
        <ul className="card-grid">
          {units.map((unit) => (
            <li key={unit.documentId}>
              <article className="card custom-unit-card">
                <h2>{unit.title}</h2>
                {(unit.learning_strands ?? []).length > 0 && (
                  <ul className="tag-list" aria-label="Learning strands">
                    {(unit.learning_strands ?? []).map((strand) => (
                      <li key={strand.documentId}>{strand.title}</li>
                    ))}
                  </ul>
                )}
                <div className="custom-unit-card__actions">
                  <Link className="button" to={`/custom-unit/${unit.documentId}`}>
                    View<span className="visually-hidden"> {unit.title}</span>
                  </Link>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => deletion.ask(unit)}
                  >
                    Delete<span className="visually-hidden"> {unit.title}</span>
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link className="button" to={createPath}>
          Create a new Unit of Work
        </Link>
      </p>
      <DeleteUnitDialog
        title={deletion.target?.title ?? ''}
        open={deletion.target !== null}
        deleting={deletion.deleting}
        problem={deletion.problem}
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      />
    </>
  );
}
