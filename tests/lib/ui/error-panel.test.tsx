import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CmsError } from '../../../src/lib/cms/errors';
import { ErrorPanel } from '../../../src/lib/ui/error-panel';

/** What graphql-client makes of a fetch the browser could not send (offline, or dead Wi-Fi). */
const unreachable = () =>
  new CmsError('The content service could not be reached', 0, 'Failed to fetch');

function renderPanel(error: unknown) {
  return render(
    <MemoryRouter initialEntries={['/primary/sound-explorers']}>
      <ErrorPanel error={error} />
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.setItem('auth', 'token'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('ErrorPanel', () => {
  it('offline, says the page is not saved and what to do, never the browser\'s raw "Failed to fetch"', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPanel(unreachable());
    const panel = screen.getByRole('region', { name: /can't show this page/ });
    expect(panel).toHaveTextContent(
      'You are offline and this page has not been saved on this device yet.',
    );
    expect(panel).toHaveTextContent('Connect to the internet to open this page.');
    expect(panel).not.toHaveTextContent('Failed to fetch');
  });

  it('online, a request that could not reach the CMS is not called offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderPanel(unreachable());
    const panel = screen.getByRole('region', { name: /can't show this page/ });
    expect(panel).not.toHaveTextContent(/offline/i);
    expect(panel).toHaveTextContent(
      'The content service could not be reached. Check the connection and try again.',
    );
    expect(panel).not.toHaveTextContent('Failed to fetch');
  });

  it("shows the CMS's own message, never the JSON envelope around it", () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderPanel(
      new CmsError(
        'Forbidden access',
        403,
        '[{"message":"Forbidden access","extensions":{"code":"FORBIDDEN"}}]',
      ),
    );
    const panel = screen.getByRole('region', { name: /can't show this page/ });
    expect(panel).toHaveTextContent('Forbidden access');
    expect(panel).not.toHaveTextContent(/[{}[\]"]/);
  });

  // Every shape an error reaches the panel in: GraphQL errors, Strapi's REST error, graphql-request's
  // wrapper of a gateway's answer, a bare status line. None may put JSON or a status on screen.
  it.each([
    [
      'a gateway 502 wrapped by graphql-request',
      new CmsError(
        'The content service answered 502',
        502,
        JSON.stringify({ status: 502, headers: {}, body: '{"error":{"status":502}}' }),
      ),
    ],
    [
      'a 500 with only a status name',
      new CmsError('Internal Server Error', 500, '[{"message":"Internal Server Error"}]'),
    ],
    [
      'an HTML error page',
      new CmsError(
        'The content service answered 503',
        503,
        '<html><body>Service Unavailable</body></html>',
      ),
    ],
    ['an empty body', new CmsError('The content service answered 504', 504, '')],
    ['a plain Error with JSON in it', new Error('{"status":502,"headers":{},"body":"{}"}')],
  ])('%s is said in words', (_name, error) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderPanel(error);
    const panel = screen.getByRole('region', { name: /can't show this page/ });
    expect(panel).toHaveTextContent(
      'The content service had a problem answering. Please try again in a moment.',
    );
    expect(panel).not.toHaveTextContent(/[{}[\]"<>]|\b5\d\d\b/);
  });

  it("a CMS message gets the app's plain wording where it has one", () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderPanel(
      new CmsError(
        'Too many requests, please try again later.',
        429,
        '{"data":null,"error":{"status":429,"name":"RateLimitError","message":"Too many requests, please try again later."}}',
      ),
    );
    expect(screen.getByRole('region', { name: /can't show this page/ })).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });
});
