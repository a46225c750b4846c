import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { targetNeedsSubscription, useAccessStore } from '../../../lib/auth/access-store';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../lib/auth/auth-store';
import { Modal } from '../../../lib/ui/modal';
import type { LoginForm as LoginFormType } from './login-form';

/** The login form, once its code has loaded (it stays loaded for the page's life). */
let LoginForm: typeof LoginFormType | null = null;

/**
 * The login form's code loads when the panel is first asked for, not with a visitor's first page.
 * The panel opens once the form is there, so opening it focuses the form's first field as before.
 */
function useLoginForm(wanted: boolean): 'loading' | 'ready' | 'failed' {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(
    LoginForm ? 'ready' : 'loading',
  );
  useEffect(() => {
    if (!wanted || state === 'ready') return;
    let live = true;
    void import('./login-form').then(
      (module) => {
        LoginForm = module.LoginForm;
        if (live) setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [wanted, state]);
  return state;
}

/**
 * The login panel and the subscribe modal, mounted once by the app. After a login the gate's
 * remembered target decides where to go (spec part 1, section 4).
 */
export function AuthDialogs() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const access = useAccessStore();
  const loginHeading = useId();
  const subscribeHeading = useId();
  const loginForm = useLoginForm(access.loginPanelOpen);

  function afterLogin() {
    const target = access.takeTargetPath();
    access.closeLoginPanel();
    if (target) {
      if (targetNeedsSubscription(target) && useAuthStore.getState().userRole !== ACTIVE_SUBSCRIBER)
        access.openSubscribeModal();
      else void navigate(target);
    } else if (pathname === '/login') {
      void navigate('/');
    }
  }

  return (
    <>
      <Modal
        open={access.loginPanelOpen && loginForm !== 'loading'}
        onClose={access.closeLoginPanel}
        labelledBy={loginHeading}
        width={640}
      >
        {loginForm === 'failed' || !LoginForm ? (
          <>
            <h2 id={loginHeading}>Log in</h2>
            <p>The login form could not be loaded. Check the connection and try again.</p>
            <div className="form-actions">
              <button type="button" className="button" onClick={access.closeLoginPanel}>
                Close
              </button>
            </div>
          </>
        ) : (
          <LoginForm
            headingId={loginHeading}
            onSuccess={afterLogin}
            onCancel={access.closeLoginPanel}
          />
        )}
      </Modal>
      <Modal
        open={access.subscribeModalOpen}
        onClose={access.closeSubscribeModal}
        labelledBy={subscribeHeading}
        width={640}
      >
        <h2 id={subscribeHeading}>Subscribe</h2>
        <p>You need an active subscription to access this content.</p>
        <div className="form-actions">
          <Link className="button" to="/subscribe" onClick={access.closeSubscribeModal}>
            Subscribe now
          </Link>
          <button
            type="button"
            className="button button--secondary"
            onClick={access.closeSubscribeModal}
          >
            Close
          </button>
        </div>
      </Modal>
    </>
  );
}
