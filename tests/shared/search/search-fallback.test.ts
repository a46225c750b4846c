import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { runSearch } from '../../../src/shared/search/search-query';
import { server } from '../../support/msw';

// Online, a CMS that cannot answer (failing, behind a proxy that answers for it, a captive portal's
// page) leaves the search to the device, as being offline does; a search the CMS refuses is said.

describe('a search when the CMS cannot answer', () => {
  it.each([
    ['a 500', () => HttpResponse.json({ error: 'boom' }, { status: 500 })],
    ['a proxy’s 502', () => HttpResponse.json({ message: 'unavailable' }, { status: 502 })],
    ['a 503', () => new HttpResponse(null, { status: 503 })],
    [
      'a captive portal’s page',
      () => HttpResponse.html('<html><body>Sign in to the Wi-Fi</body></html>'),
    ],
  ])('is answered by the device after %s', async (_, answer) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    server.use(http.get('*/api/search', answer));
    const found = await runSearch({ q: 'samba' });
    expect(found.device).toBeDefined();
  });

  it('says so when the CMS refuses the search itself', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    server.use(
      http.get('*/api/search', () =>
        HttpResponse.json({ error: { message: 'The search is too long' } }, { status: 400 }),
      ),
    );
    await expect(runSearch({ q: 'samba' })).rejects.toMatchObject({ status: 400 });
  });
});
