import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './support/msw';

// Every test's network is the handlers it gives the shared server. A request none of them
// expects gets MSW's 'error' strategy (the fetch fails and MSW prints it), and since the app
// may read that failure as "offline" and carry on, the test is failed here as well.
const unexpected: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      unexpected.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  const requests = unexpected.splice(0);
  if (requests.length > 0)
    throw new Error(`Requests no handler of this test expected: ${requests.join(', ')}`);
});
afterAll(() => server.close());
