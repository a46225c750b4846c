import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentList } from '../../../src/shared/documents/document-list';
import { requestsSeen, server } from '../../support/msw';

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

/** The file service answers `/documents/:id` with `status` and `body`; returns the requests. */
function answerDocuments(status: number, body: Record<string, unknown>) {
  const requests: Request[] = [];
  server.use(
    http.get('*/documents/:fileId', ({ request }) => {
      requests.push(request);
      return HttpResponse.json(body, { status });
    }),
  );
  return requests;
}

describe('DocumentList links', () => {
  it("stay real links to /documents/{fileId}, and a click asks for the file with the session's token", async () => {
    const requests = answerDocuments(200, { url: '/uploads/unit_plan_1a2b.pdf' });
    render(<DocumentList documents={documents} />);
    const link = screen.getByRole('link', { name: /Unit plan/ });
    expect(link).toHaveAttribute('href', '/documents/abc');
    await userEvent.click(link);
    await waitFor(() => expect(opened).toEqual(['/uploads/unit_plan_1a2b.pdf']));
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/documents/abc']);
    expect(requests[0]!.method).toBe('GET');
    expect(Object.fromEntries(requests[0]!.headers)).toEqual({
      accept: 'application/json',
      authorization: 'Bearer subscriber-token',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a subscriber-only document is refused, and opens nothing', async () => {
    answerDocuments(403, { error: { status: 403 } });
    render(<DocumentList documents={documents} />);
    await userEvent.click(screen.getByRole('link', { name: /Unit plan/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You need an active subscription to access this content.',
    );

    localStorage.removeItem('auth');
    answerDocuments(401, { error: { status: 401 } });
    await userEvent.click(screen.getByRole('link', { name: /Unit plan/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You need to be logged in to access this content.',
    );
    expect(opened).toEqual([]);
  });

  it('offline, links to the stored file and asks nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // No handler: a request would fail the test as unhandled, and is counted here too.
    const requests = requestsSeen();
    render(<DocumentList documents={documents} />);
    const link = screen.getByRole('link', { name: /Unit plan/ });
    expect(link).toHaveAttribute('href', '/uploads/unit_plan_1a2b.pdf');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(requests).toEqual([]);
  });
});
