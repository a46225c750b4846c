import { useAccessStore } from '../../../lib/auth/access-store';
import { selectIsLoggedIn, useAuthStore } from '../../../lib/auth/auth-store';
import { LoadingView } from '../../../lib/ui/loading-view';
import { RichText } from '../../../lib/ui/rich-text';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useSignUpPage } from '../api/sign-up-page';
import { MembersPanel } from '../components/members-panel';
import { ProfileSection } from '../components/profile-section';
import { RegistrationForm } from '../components/registration-form';
import { TrialPanel } from '../components/trial-panel';

/** /subscribe: the free-trial sign-up for visitors, account details for signed-in users. */
export function SubscribePage() {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const registered = useAuthStore((state) => state.status === 'register-success');
  const openLoginPanel = useAccessStore((state) => state.openLoginPanel);
  const page = useSignUpPage();
  useDocumentTitle(
    loggedIn ? 'Account details' : (page.data?.title_free_trial ?? page.data?.title),
  );

  if (loggedIn) {
    return (
      <div className="page-with-sidebar">
        <div>
          <h1>Account details</h1>
          <PageStatus>
            {registered && 'Welcome! Your free trial account has been created.'}
          </PageStatus>
          <TrialPanel />
          <ProfileSection />
        </div>
        <MembersPanel />
      </div>
    );
  }

  // The sign-up texts dress the form; they are not needed to register. If they cannot be
  // loaded the form still shows, with a note, never the error panel meant for signed-in pages.
  const textsFailed =
    page.data === undefined &&
    (page.isError || (page.fetchStatus === 'paused' && page.failureReason !== null));
  if (page.data === undefined && !textsFailed) return <LoadingView />;
  const content = page.data ?? null;

  return (
    <div className="page-with-sidebar">
      <div>
        <h1 id="registration-heading">
          {content?.title_free_trial || content?.title || 'Create a free account'}
        </h1>
        <PageStatus>
          {textsFailed &&
            'Some of this page could not be loaded, but you can still create your free account below.'}
        </PageStatus>
        <RichText html={content?.introduction_free_trial ?? content?.description} />
        <RichText html={content?.promobox} className="promo" />
        {/* A form landmark named by the heading, apart from the sign-in beside it. */}
        <RegistrationForm labelledBy="registration-heading" />
      </div>
      <aside className="sidebar" aria-labelledby="sign-in-heading">
        <h2 id="sign-in-heading">Already got an account?</h2>
        <button type="button" className="button" onClick={() => openLoginPanel()}>
          Sign in
        </button>
        <RichText html={content?.sidebar_promobox} />
      </aside>
    </div>
  );
}

/**
 * The page's status line, at the same place in both the signed-out and the signed-in page, so a
 * registration changes its text instead of inserting a region already holding it, which many
 * screen readers do not announce (WCAG 4.1.3).
 */
function PageStatus({ children }: { children: string | false }) {
  return (
    <p className={children ? 'notice' : 'visually-hidden'} role="status">
      {children || null}
    </p>
  );
}
