import { describe, expect, it } from 'vitest';
import { themeStyle } from '../../../src/lib/content/theme';

describe('themeStyle', () => {
  it('defaults to a white background and black text', () => {
    expect(themeStyle(null)).toEqual({ '--theme-bg': '#fff', '--theme-text': '#000' });
    expect(themeStyle({})).toEqual({ '--theme-bg': '#fff', '--theme-text': '#000' });
  });

  it('uses the CMS colours, but never anything that is not a plain colour', () => {
    expect(themeStyle({ background: '#1d3557', color: 'white' })).toEqual({
      '--theme-bg': '#1d3557',
      '--theme-text': 'white',
    });
    expect(themeStyle({ background: 'red; } body { display:none', color: 'url(x)' })).toEqual({
      '--theme-bg': '#fff',
      '--theme-text': '#000',
    });
  });
});
