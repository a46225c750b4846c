import { describe, expect, it } from 'vitest';
import { webLink } from '../../../src/lib/content/web-link';

// A link from free text or a feed is kept only when it is a web address: anything else in an
// href could run script or lead nowhere.
describe('webLink', () => {
  it('keeps http and https addresses, as the browser writes them', () => {
    expect(webLink('https://meet.example.org/cpd')).toBe('https://meet.example.org/cpd');
    expect(webLink('http://example.org')).toBe('http://example.org/');
    expect(webLink('HTTPS://Example.org/Path?q=1')).toBe('https://example.org/Path?q=1');
  });

  it('refuses other schemes', () => {
    expect(webLink('javascript:alert(1)')).toBeNull();
    expect(webLink('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(webLink('mailto:office@example.org')).toBeNull();
  });

  it('refuses text that is not an address, a bare path and nothing', () => {
    expect(webLink('call the office')).toBeNull();
    expect(webLink('/events/1')).toBeNull();
    expect(webLink('')).toBeNull();
    expect(webLink(null)).toBeNull();
    expect(webLink(undefined)).toBeNull();
  });
});
