import { useState } from 'react';
import { useAuthStore } from '../../../lib/auth/auth-store';
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
  const profile = useAuthStore((state) => state.userProfile);
  const user = useAuthStore((state) => state.user);
  const membership = useAuthStore((state) => state.membership);

  if (mode === 'edit-profile-detail') {
    return (
      <ProfileEditForm
        profile={profile}
        onDone={(didSave) => {
          setSaved(didSave);
          setMode('view-profile-detail');
        }}
      />
    );
  }

  return (
    <section aria-labelledby="profile-heading">
      <h2 id="profile-heading">Your account</h2>
      {saved ? (
        <div className="notice" role="status">
          <p>Your details have been saved.</p>
          <button type="button" className="button button--secondary" onClick={() => setMode('edit-profile-detail')}>
            Edit again
          </button>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setMode('edit-profile-detail')}>
          Edit account details
        </button>
      )}
      <dl className="profile-details">
        <div className="profile-details__row">
          <dt>Email address</dt>
          <dd>{user?.email}</dd>
        </div>
        {membership && (
          <div className="profile-details__row">
            <dt>Membership</dt>
            <dd>{membership.description || membership.type}</dd>
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
