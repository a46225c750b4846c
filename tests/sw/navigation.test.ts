import { describe, expect, it } from 'vitest';
import { isAppNavigation } from '../../sw/navigation';

describe('isAppNavigation', () => {
  it('answers app routes with the shell', () => {
    for (const path of [
      '/',
      '/primary/sing-up/unit/3',
      '/playlists/abc/slides/1/2',
      '/apiary',
      '/uploads-page',
    ]) {
      expect(isAppNavigation(new URL(path, 'https://app'))).toBe(true);
    }
  });

  it('never answers CMS paths with the shell', () => {
    for (const path of [
      '/graphql',
      '/api/auth/local',
      '/uploads/a.mp3',
      '/documents/12',
      '/admin',
      '/admin/auth/login',
    ]) {
      expect(isAppNavigation(new URL(path, 'https://app'))).toBe(false);
    }
  });
});
