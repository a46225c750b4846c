import '../../../lib/ui/content.css';
import '../custom-units.css';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { selectCanAccessContent, useAuthStore } from '../../../lib/auth/auth-store';
import {
  builderButtonLabel,
  defaultUnitName,
  DEFAULT_REQUIRED_STRANDS,
} from '../../../lib/content/custom-plan';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { RichText } from '../../../lib/ui/rich-text';
import { SubscriberOnly } from '../../../lib/ui/subscriber-only';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useOnline } from '../../../lib/ui/use-online';
import { useCustomSchemeBuilder, type CustomSchemeBuilderData } from '../api/custom-scheme-builder';
import { useCreateCustomScheme } from '../api/create-custom-scheme';
import { NameUnitDialog } from '../components/name-unit-dialog';
import { StrandPicker } from '../components/strand-picker';
import { toggleStrand, useBuilderChoices } from '../utils/builder-choices';
import { customUnitProblem } from '../utils/connection-problem';

/** The unit builder (spec part 2, "Custom units"): /{audience}/{programme}/create-unit. */
export function CreateUnitPage() {
  const { audience = '', programme = '' } = useParams();
  const canAccess = useAuthStore(selectCanAccessContent);
  const query = useCustomSchemeBuilder({ audienceSlug: audience, programmeSlug: programme });
  useDocumentTitle(query.data?.title ?? 'Create a unit');
  if (!canAccess) {
    return (
      <div className="narrow">
        <h1>Create a unit</h1>
        <SubscriberOnly what="Custom units" />
      </div>
    );
  }
  return (
    <QueryBoundary query={query}>
      {(builder) =>
        builder ? (
          <Builder builder={builder} listPath={`/${audience}/${programme}/custom-unit`} />
        ) : (
          <div className="narrow">
            <h1>Create a unit</h1>
            <p>There is no unit builder for this programme.</p>
            <Link to={`/${audience}/${programme}`}>Back to the programme</Link>
          </div>
        )
      }
    </QueryBoundary>
  );
}

function Builder({ builder, listPath }: { builder: CustomSchemeBuilderData; listPath: string }) {
  const navigate = useNavigate();
  const online = useOnline();
  const strands = builder.learning_strands ?? [];
  const required = Math.min(
    builder.number_required_strands || DEFAULT_REQUIRED_STRANDS,
    strands.length,
  );
  const [stored, setChosen] = useBuilderChoices(builder.documentId);
  // Choices kept from an earlier visit count only while the strands still exist.
  const chosen = stored
    .filter((id) => strands.some((strand) => strand.documentId === id))
    .slice(0, required);
  const [naming, setNaming] = useState(false);
  const create = useCreateCustomScheme();
  const chosenStrands = strands.filter((strand) => chosen.includes(strand.documentId));
  const ready = required > 0 && chosen.length === required;

  function save(title: string) {
    if (!builder.audience || !builder.programme) return;
    create.mutate(
      {
        title,
        learning_strands: chosen,
        audience: builder.audience.documentId,
        programme: builder.programme.documentId,
      },
      {
        onSuccess: () => {
          setChosen([]);
          setNaming(false);
          void navigate(listPath);
        },
      },
    );
  }

  return (
    <div className="unit-builder">
      <h1>{builder.title}</h1>
      <RichText html={builder.introduction} />
      {/* In the page from the start and filled in when the connection goes (WCAG 4.1.3). */}
      <p className={online ? 'visually-hidden' : 'notice'} role="status">
        {!online &&
          'You are offline. You can choose strands now; creating the unit needs an internet connection.'}
      </p>
      <StrandPicker
        strands={strands}
        chosen={chosen}
        required={required}
        onToggle={(id) => setChosen(toggleStrand(chosen, id, required))}
      />
      <div className="unit-builder__actions">
        <button type="button" className="button" disabled={!ready} onClick={() => setNaming(true)}>
          {builderButtonLabel(chosen.length, required)}
        </button>
        <Link to={listPath}>Your units of work</Link>
      </div>
      <NameUnitDialog
        open={naming}
        defaultName={defaultUnitName(chosenStrands)}
        saving={create.isPending}
        problem={create.isError ? customUnitProblem(create.error, 'create', online) : null}
        onSave={save}
        onCancel={() => {
          setNaming(false);
          create.reset();
        }}
      />
    </div>
  );
}
