import { useEffect, useRef, useState, type RefObject } from 'react';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../lib/auth/auth-store';
import { Spinner } from '../../../lib/ui/spinner';
import { PasswordChange } from './password-change';
import { ProfileEditForm } from './profile-edit-form';

const LABELS: [string, string][] = [
  ['salutation', 'Title'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['phone_number', 'Phone number'],
  ['school', 'School'],
  ['role', 'Role'],
  ['address_1', 'Address line 1'],
  ['address_2', 'Address line 2'],
  ['postcode', 'Postcode'],
];

type Mode = 'view-profile-detail' | 'edit-profile-detail';

/** The signed-in /subscribe page: profile view and edit (spec part 1, section 4). */
export function ProfileSection() {
  const [mode, setMode] = useState<Mode>('view-profile-detail');
  const [saved, setSaved] = useState(false);
  // Leaving edit mode takes the form, and the focus in it, away: focus goes to the button that
  // took the form's place ('Edit again' or 'Edit account details'), never to <body> (WCAG 2.4.3).
  const leftEdit = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (mode !== 'view-profile-detail' || !leftEdit.current) return;
    leftEdit.current = false;
    editButton.current?.focus();
  }, [mode]);
  const profile = useAuthStore((state) => state.userProfile);
  const accountLoad = useAuthStore((state) => state.accountLoad);
  const retry = useAuthStore((state) => state.loadRoleAndProfile);

  // The edit form starts from the profile, so it opens only once the profile has arrived
  // (opened before, it showed empty fields that a save would have written back).
  if (accountLoad === 'pending') return <Spinner label="Loading your account details…" />;
  if (accountLoad === 'failed') {
    return (
      <div className="notice" role="alert">
        <p>Your account details could not be loaded. Check your connection and try again.</p>
        <button
          type="button"
          className="button"
          onClick={() => void retry().catch(() => undefined)}
        >
          Try again
        </button>
      </div>
    );
  }

  const editing = mode === 'edit-profile-detail';
  const showSaved = saved && !editing;
  return (
    <>
      {/* In the page through both modes and filled in after a save: a status region inserted
          already holding its text is not announced by many screen readers (WCAG 4.1.3). */}
      <div role="status" className={showSaved ? 'notice' : undefined}>
        {showSaved && <p>Your details have been saved.</p>}
      </div>
      {editing ? (
        <ProfileEditForm
          profile={profile}
          onDone={(didSave) => {
            leftEdit.current = true;
            setSaved(didSave);
            setMode('view-profile-detail');
          }}
        />
      ) : (
        <ProfileView
          saved={saved}
          editButton={editButton}
          onEdit={() => {
            setSaved(false);
            setMode('edit-profile-detail');
          }}
        />
      )}
    </>
  );
}

function ProfileView({
  saved,
  editButton,
  onEdit,
}: {
  saved: boolean;
  editButton: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
}) {
  const profile = useAuthStore((state) => state.userProfile);
  const user = useAuthStore((state) => state.user);
  const membership = useAuthStore((state) => state.membership);
  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading">Your account</h2>
      <button
        ref={editButton}
        type="button"
        className={saved ? 'button button--secondary' : 'button'}
        onClick={onEdit}
      >
        {saved ? 'Edit again' : 'Edit account details'}
      </button>
      <dl className="profile-details">
        <div className="profile-details__row">
          <dt>Email address</dt>
          <dd>{user?.email}</dd>
        </div>
        {/* Spec part 1, section 3: active_subscriber is the only role shown. The role's
            description is the CMS's note for its admins ('Default role given to authenticated
            user.'), never a name for teachers. */}
        {membership?.type === ACTIVE_SUBSCRIBER && (
          <div className="profile-details__row">
            <dt>Membership</dt>
            <dd>Active subscriber</dd>
          </div>
        )}
        {LABELS.map(([key, label]) => {
          const value = profile?.[key as keyof typeof profile];
          return typeof value === 'string' && value ? (
            <div key={key} className="profile-details__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ) : null;
        })}
      </dl>
      <PasswordChange email={user?.email ?? ''} />
    </section>
  );
}
