import './loading.css';
import { Spinner } from './spinner';
import { useElapsed } from './use-elapsed';
import { useOnline } from './use-online';

/** After this long on a spinner, the page says why it is still waiting. */
const SLOW_AFTER_MS = 5000;

/**
 * The spinner of a page whose first answer is on its way. A CMS answering in 5–9 s is slow, not
 * gone, so after a few seconds the page says so rather than spin in silence; it never says
 * 'offline' while the browser is online and the request is still pending. Offline (a query paused
 * until the network returns) it only spins: being slow is not the reason then.
 */
export function LoadingView({ label }: { label?: string }) {
  const slow = useElapsed(SLOW_AFTER_MS);
  const online = useOnline();
  return (
    <div className="loading-view">
      <Spinner label={label} />
      {slow && online && (
        <p className="loading-view__slow" role="status">
          Still loading: the content service is slow
        </p>
      )}
    </div>
  );
}
