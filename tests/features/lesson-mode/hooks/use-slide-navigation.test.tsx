import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  useSlideLead,
  useSlideNavigation,
} from '../../../../src/features/lesson-mode/hooks/use-slide-navigation';

afterEach(cleanup);

const BASE = '/preview/slideshow/s1/slides';

/** A viewer as small as can be: the slide it shows is the lead, or else the address's. */
function Slide() {
  const go = useSlideNavigation();
  const lead = useSlideLead();
  const { pathname } = useLocation();
  const shown = lead ?? pathname;
  const number = Number(shown.split('/').pop());
  return (
    <>
      <p>Showing {shown}</p>
      <button type="button" onClick={() => go(`${BASE}/${number + 1}`)}>
        Next slide
      </button>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      // A page whose code takes a while to load: a link to it is under way for 100 ms.
      {
        path: '/lesson',
        lazy: () =>
          new Promise((resolve) =>
            setTimeout(() => resolve({ element: <p>The lesson page</p> }), 100),
          ),
      },
      { path: '*', element: <Slide /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const nextSlide = () => screen.getByRole('button', { name: 'Next slide' }).click();
const afterFrames = () =>
  act(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20))));

describe('a slide change', () => {
  it('shows the new slide inside the press, and moves the address once that frame is out', async () => {
    const router = renderAt(`${BASE}/1`);
    act(nextSlide);
    // Drawn at once, before the history entry and the router's work.
    expect(screen.getByText(`Showing ${BASE}/2`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${BASE}/1`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/2`));
    expect(screen.getByText(`Showing ${BASE}/2`)).toBeInTheDocument();
  });

  it('keeps the address query in the same history entry, so a reload reopens the slide the same way', async () => {
    const router = renderAt(`${BASE}/1?token=abc.def`);
    await act(async () => nextSlide());
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/2`));
    expect(router.state.location.search).toBe('?token=abc.def');
    // One entry per slide: Back returns to the first, query and all.
    await act(async () => router.navigate(-1));
    expect(router.state.location.pathname).toBe(`${BASE}/1`);
    expect(router.state.location.search).toBe('?token=abc.def');
    expect(screen.getByText(`Showing ${BASE}/1`)).toBeInTheDocument();
  });

  it('leaves the address where a link took it before the frame was out', async () => {
    const router = renderAt(`${BASE}/1`);
    act(nextSlide);
    await act(async () => router.navigate('/playlists'));
    await afterFrames();
    expect(router.state.location.pathname).toBe('/playlists');
    expect(screen.getByText('Showing /playlists')).toBeInTheDocument();
    // And Back to the first slide shows the first slide, not the move that never landed.
    await act(async () => router.navigate(-1));
    expect(router.state.location.pathname).toBe(`${BASE}/1`);
    expect(screen.getByText(`Showing ${BASE}/1`)).toBeInTheDocument();
  });

  it('leaves the address to a link still loading its page when the frame is out', async () => {
    const router = renderAt(`${BASE}/1`);
    act(nextSlide);
    // 'Exit lesson mode' right after the key: its page is still loading when the move is due.
    void router.navigate('/lesson');
    await afterFrames();
    expect(router.state.location.pathname).toBe(`${BASE}/1`);
    // The screen shows the address's slide again, and then the page the link went to.
    expect(screen.getByText(`Showing ${BASE}/1`)).toBeInTheDocument();
    expect(await screen.findByText('The lesson page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lesson');
    await act(async () => router.navigate(-1));
    expect(router.state.location.pathname).toBe(`${BASE}/1`);
  });

  it('gives slides passed within one frame one entry, the last one shown', async () => {
    const router = renderAt(`${BASE}/1`);
    act(() => {
      nextSlide();
    });
    act(() => {
      nextSlide();
    });
    expect(screen.getByText(`Showing ${BASE}/3`)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/3`));
    await act(async () => router.navigate(-1));
    expect(router.state.location.pathname).toBe(`${BASE}/1`);
  });
});
