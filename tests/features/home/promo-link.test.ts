import { describe, expect, it } from 'vitest';
import { promoLink } from '../../../src/features/home/utils/promo-link';

const box = { id: '1', title: 'Sing', body: null, link_label: null, link_url: null };

describe('promoLink', () => {
  it('gives a link only when both the url and the label exist', () => {
    expect(promoLink({ ...box, link_url: '/cpd', link_label: 'Find out more' })).toEqual({
      href: '/cpd',
      label: 'Find out more',
    });
    expect(promoLink({ ...box, link_url: '/cpd' })).toBeNull();
    expect(promoLink({ ...box, link_label: 'Find out more' })).toBeNull();
    expect(promoLink({ ...box, link_url: '  ', link_label: 'Find out more' })).toBeNull();
  });
});
