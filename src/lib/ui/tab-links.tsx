import './content.css';
import { Link } from 'react-router-dom';

export interface TabLink {
  key: string;
  label: string;
  to: string;
}

/**
 * Tabs whose selection lives in the URL (activity options and delivery options are route
 * parameters), so each tab is a link and the current one is marked for assistive technology.
 * Shown only when there is more than one choice.
 */
export function TabLinks({
  label,
  tabs,
  currentKey,
}: {
  label: string;
  tabs: TabLink[];
  currentKey: string | null;
}) {
  if (tabs.length < 2) return null;
  return (
    <nav className="tab-links" aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              replace
              preventScrollReset
              className="tab-links__tab"
              aria-current={tab.key === currentKey ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
