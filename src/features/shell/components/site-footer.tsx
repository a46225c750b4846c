import { Link } from 'react-router-dom';
import { useAccessStore } from '../../../lib/auth/access-store';
import { selectIsLoggedIn, useAuthStore } from '../../../lib/auth/auth-store';
import { CHARITY, CONTACT_EMAIL, ORCHESTRA_SITE, USER_DETAILS_ENABLED } from '../../../lib/config';

export function SiteFooter() {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const openLoginPanel = useAccessStore((state) => state.openLoginPanel);

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__heading">
            Help and support
          </h2>
          <p>
            <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          </p>
        </section>
        <ul className="site-footer__links">
          <li>
            <Link to="/privacy">Privacy policy</Link>
          </li>
          <li>
            <Link to="/terms-and-conditions">Terms and Conditions</Link>
          </li>
          <li>
            <a href={ORCHESTRA_SITE.url} target="_blank" rel="noopener noreferrer">
              {ORCHESTRA_SITE.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        </ul>
        {USER_DETAILS_ENABLED && !loggedIn && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => openLoginPanel()}
          >
            Sign In
          </button>
        )}
        <div className="site-footer__logos">
          <img src="/favicon.svg" alt="Music Classroom" width={40} height={40} />
          <img src="/orchestra-logo.svg" alt={CHARITY.name} width={120} height={40} />
        </div>
        <p className="site-footer__legal">
          © {new Date().getFullYear()} {CHARITY.name}. A company limited by guarantee registered in
          England and Wales, number {CHARITY.companyNumber}. Registered charity number{' '}
          {CHARITY.charityNumber}.
        </p>
      </div>
    </footer>
  );
}
