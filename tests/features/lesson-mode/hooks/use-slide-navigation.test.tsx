import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useSlideNavigation } from '../../../../src/features/lesson-mode/hooks/use-slide-navigation';

afterEach(cleanup);

function Slide() {
  const go = useSlideNavigation();
  return (
    <button type="button" onClick={() => go('/preview/slideshow/s1/slides/2')}>
      Next slide
    </button>
  );
}

describe('a slide change', () => {
  it('keeps the address query in the same history entry, so a reload at once reopens the slide the same way', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Slide /> }], {
      initialEntries: ['/preview/slideshow/s1/slides/1?token=abc.def'],
    });
    render(<RouterProvider router={router} />);
    await act(async () => screen.getByRole('button', { name: 'Next slide' }).click());
    expect(router.state.location.pathname).toBe('/preview/slideshow/s1/slides/2');
    expect(router.state.location.search).toBe('?token=abc.def');
    // One entry per slide: Back returns to the first, query and all.
    await act(async () => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/preview/slideshow/s1/slides/1');
    expect(router.state.location.search).toBe('?token=abc.def');
  });
});
