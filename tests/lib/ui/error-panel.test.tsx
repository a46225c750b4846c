import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CmsError } from '../../../src/lib/cms/errors';
import { ErrorPanel } from '../../../src/lib/ui/error-panel';

/** What graphql-client makes of a fetch the browser could not send (offline, or dead Wi-Fi). */
const unreachable = () => new CmsError('The content service could not be reached', 0, 'Failed to fetch');

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
    expect(panel).toHaveTextContent('You are offline and this page has not been saved on this device yet.');
    expect(panel).toHaveTextContent('Connect to the internet to open this page.');
    expect(panel).not.toHaveTextContent('Failed to fetch');
  });

  it('online, a request that could not reach the CMS is not called offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderPanel(unreachable());
    const panel = screen.getByRole('region', { name: /can't show this page/ });
    expect(panel).not.toHaveTextContent(/offline/i);
    expect(panel).toHaveTextContent('The content service could not be reached. Check the connection and try again.');
    expect(panel).not.toHaveTextContent('Failed to fetch');
  });

  it("keeps the CMS's own error body for other errors", () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderPanel(new CmsError('Internal Server Error', 500, '[{"message":"Internal Server Error"}]'));
    expect(screen.getByText('[{"message":"Internal Server Error"}]')).toBeInTheDocument();
  });
});
