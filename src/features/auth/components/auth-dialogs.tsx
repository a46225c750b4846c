import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { targetNeedsSubscription, useAccessStore } from '../../../lib/auth/access-store';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../lib/auth/auth-store';
import { Modal } from '../../../lib/ui/modal';
import { LoginForm } from './login-form';

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
        open={access.loginPanelOpen}
        onClose={access.closeLoginPanel}
        labelledBy={loginHeading}
        width={640}
      >
        <LoginForm
          headingId={loginHeading}
          onSuccess={afterLogin}
          onCancel={access.closeLoginPanel}
        />
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
