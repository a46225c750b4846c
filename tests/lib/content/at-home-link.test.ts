import { describe, expect, it } from 'vitest';
import {
  atHomeLink,
  decodeAtHomeLibrary,
  encodeAtHomeLibrary,
} from '../../../src/lib/content/at-home-link';

describe('Music at Home link', () => {
  it('round-trips the library id, and differs per teacher', () => {
    const forFirst = encodeAtHomeLibrary(3, 41);
    const forSecond = encodeAtHomeLibrary(3, 42);
    expect(forFirst).not.toBe(forSecond);
    expect(decodeAtHomeLibrary(forFirst)).toBe(3);
    expect(decodeAtHomeLibrary(forSecond)).toBe(3);
  });

  it('decodes nonsense and codes made with another salt to null', () => {
    expect(decodeAtHomeLibrary('not-a-code!')).toBeNull();
    expect(decodeAtHomeLibrary(encodeAtHomeLibrary(3, 41, 'another salt'))).not.toBe(3);
  });

  it('builds the link from the site address, audience and programme', () => {
    expect(atHomeLink('https://classroom.example', 'primary', 'sound-explorers', 'abc123')).toBe(
      'https://classroom.example/primary/sound-explorers/at-home/abc123',
    );
  });
});
