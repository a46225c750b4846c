import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentList } from '../../../src/lib/ui/document-list';

const documents = [
  {
    id: '1',
    title: 'Unit plan',
    file: { documentId: 'abc', url: '/uploads/unit_plan_1a2b.pdf', ext: '.pdf' },
  },
];
let opened: string[] = [];

beforeEach(() => {
  localStorage.setItem('auth', 'subscriber-token');
  opened = [];
  // jsdom does not navigate: record which file the link opened instead.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    opened.push(this.getAttribute('href') ?? '');
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('DocumentList links', () => {
  it("stay real links to /documents/{fileId}, and a click asks for the file with the session's token", async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(answer(200, { url: '/uploads/unit_plan_1a2b.pdf' }));
    render(<DocumentList documents={documents} />);
    const link = screen.getByRole('link', { name: /Unit plan/ });
    expect(link).toHaveAttribute('href', '/documents/abc');
    await userEvent.click(link);
    await waitFor(() => expect(opened).toEqual(['/uploads/unit_plan_1a2b.pdf']));
    expect(fetchMock).toHaveBeenCalledWith('/documents/abc', {
      headers: { Accept: 'application/json', Authorization: 'Bearer subscriber-token' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a subscriber-only document is refused, and opens nothing', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer(403, { error: { status: 403 } }));
    render(<DocumentList documents={documents} />);
    await userEvent.click(screen.getByRole('link', { name: /Unit plan/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You need an active subscription to access this content.',
    );

    localStorage.removeItem('auth');
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer(401, { error: { status: 401 } }));
    await userEvent.click(screen.getByRole('link', { name: /Unit plan/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You need to be logged in to access this content.',
    );
    expect(opened).toEqual([]);
  });

  it('offline, links to the stored file and asks nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    render(<DocumentList documents={documents} />);
    const link = screen.getByRole('link', { name: /Unit plan/ });
    expect(link).toHaveAttribute('href', '/uploads/unit_plan_1a2b.pdf');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
