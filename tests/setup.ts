import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './support/msw';

// findBy* and waitFor wait up to 5 s, not Testing Library's 1 s: on a two-core machine at load 8 a
// page's chain of answers (a confirmation, the role read again, the redirect) took longer than 1 s
// and a correct page failed. A wrong page still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

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
