import '../../../lib/ui/content.css';
import '../custom-units.css';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { selectCanAccessContent, useAuthStore } from '../../../lib/auth/auth-store';
import { useCrumbLabel } from '../../../lib/ui/crumb-labels';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { SubscriberOnly } from '../../../lib/ui/subscriber-only';
import { StateHeading } from '../../../lib/ui/state-heading';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useCustomSchemeQuery } from '../api/custom-scheme-query';
import { DeleteUnitDialog } from '../components/delete-unit-dialog';
import { useDeleteUnit } from '../components/use-delete-unit';
import { customUnitView, type CustomUnitView } from '../utils/custom-unit-view';

/** A teacher's own unit with its lesson plans (spec part 2, "Custom units"): /custom-unit/{unit}. */
export function CustomUnitPage() {
  const { customUnit = '' } = useParams();
  const canAccess = useAuthStore(selectCanAccessContent);
  const ownerId = useAuthStore((state) => state.user?.id ?? null);
  const query = useCustomSchemeQuery({ id: customUnit, ownerId }, canAccess);
  const view = query.data ? customUnitView(query.data) : null;
  useDocumentTitle(view?.unit.title ?? 'Your unit of work');
  useCrumbLabel('customUnit', view?.unit.title);
  if (!canAccess) {
    return (
      <div className="narrow">
        <h1>Your unit of work</h1>
        <SubscriberOnly what="Custom units" />
      </div>
    );
  }
  return (
    <QueryBoundary query={query}>
      {(data) => {
        const found = customUnitView(data);
        return found ? <UnitView view={found} /> : <UnitNotFound />;
      }}
    </QueryBoundary>
  );
}

export function UnitNotFound() {
  return (
    <div className="narrow">
      <StateHeading>Unit not found</StateHeading>
      <p>This unit of work does not exist, or it belongs to another teacher.</p>
      <Link to="/">Go to the home page</Link>
    </div>
  );
}

function UnitView({ view }: { view: CustomUnitView }) {
  const { unit, plan, lessons } = view;
  const navigate = useNavigate();
  const listPath =
    unit.audience && unit.programme
      ? `/${unit.audience.slug}/${unit.programme.slug}/custom-unit`
      : '/';
  const deletion = useDeleteUnit(() => void navigate(listPath));
  return (
    <div className="custom-unit">
      <h1>{unit.title}</h1>
      {unit.programme && (
        <p className="custom-unit__programme">A unit of work for {unit.programme.title}</p>
      )}
      {(unit.learning_strands ?? []).length > 0 && (
        <ul className="tag-list" aria-label="Learning strands">
          {(unit.learning_strands ?? []).map((strand) => (
            <li key={strand.documentId}>{strand.title}</li>
          ))}
        </ul>
      )}
      <RichText html={plan?.introduction} />
      <section aria-labelledby="custom-lessons-heading">
        <h2 id="custom-lessons-heading">Lessons</h2>
        {lessons.length === 0 ? (
          <p>No lesson plans match this unit's strands yet.</p>
        ) : (
          <ol className="card-grid custom-unit__lessons">
            {lessons.map((lesson) => (
              <li key={lesson.id}>
                <article className="card">
                  <h3>{lesson.title}</h3>
                  <RichText html={lesson.introduction} />
                  <Link
                    className="button"
                    to={`/custom-unit/${unit.documentId}/lesson/${lesson.id}`}
                  >
                    View lesson<span className="visually-hidden">: {lesson.title}</span>
                  </Link>
                </article>
              </li>
            ))}
          </ol>
        )}
      </section>
      <p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => deletion.ask(unit)}
        >
          Delete this unit
        </button>
      </p>
      <DeleteUnitDialog
        title={unit.title}
        open={deletion.target !== null}
        deleting={deletion.deleting}
        problem={deletion.problem}
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      />
    </div>
  );
}
