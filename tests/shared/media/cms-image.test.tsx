import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CmsImage } from '../../../src/shared/media/cms-image';

const image = {
  url: '/uploads/banner.png',
  width: 1000,
  height: 333,
  alternativeText: 'A banner',
  formats: null,
};

describe('CmsImage', () => {
  afterEach(cleanup);

  it('fetches an image at the top of its page (eager) at high priority, and loads it at once', () => {
    render(<CmsImage image={image} eager />);
    const img = screen.getByRole('img', { name: 'A banner' });
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
  });

  it('leaves any other image lazy, at the browser’s own priority', () => {
    render(<CmsImage image={image} />);
    const img = screen.getByRole('img', { name: 'A banner' });
    expect(img.hasAttribute('fetchpriority')).toBe(false);
    expect(img.getAttribute('loading')).toBe('lazy');
  });
});
