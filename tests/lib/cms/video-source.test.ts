import { describe, expect, it } from 'vitest';
import { embedFromText, videoState } from '../../../src/lib/cms/video-source';
import {
  isVideoPlayerAddress,
  readVideoSource,
  VIDEO_PLAYER_ORIGINS,
} from '@music-classroom/shared/video-source';
import { FOREIGN_VIDEO_ADDRESSES, PLAYABLE_VIDEO_LINKS } from '../../support/video-url-corpus';

// What editors paste into a video's Embed field: a link, a Media Library address or
// the older JSON text. One reader for the CMS's check on save and the app's player.
describe('readVideoSource', () => {
  it('turns YouTube links of every shape into the embed player', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=share',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      '  https://youtu.be/dQw4w9WgXcQ\n',
    ]) {
      expect(readVideoSource(link), link).toEqual({
        state: 'ok',
        source: {
          kind: 'frame',
          provider: 'youtube',
          url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
        },
      });
    }
    expect(embedFromText('https://youtu.be/dQw4w9WgXcQ?t=95')?.url).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ?start=95',
    );
  });

  it('turns Vimeo pages (unlisted ones with their hash) into the Vimeo player', () => {
    expect(embedFromText('https://vimeo.com/76979871')?.url).toBe(
      'https://player.vimeo.com/video/76979871',
    );
    expect(embedFromText('https://vimeo.com/76979871/8272103f6e')?.url).toBe(
      'https://player.vimeo.com/video/76979871?h=8272103f6e',
    );
    expect(embedFromText('https://player.vimeo.com/video/76979871')?.url).toBe(
      'https://player.vimeo.com/video/76979871',
    );
  });

  it('plays a Media Library film from its path or from the CMS address its "Copy link" gives', () => {
    expect(readVideoSource('/uploads/demo_film_1a2b.mp4')).toEqual({
      state: 'ok',
      source: { kind: 'file', url: '/uploads/demo_film_1a2b.mp4' },
    });
    expect(embedFromText('http://127.0.0.1:1337/uploads/demo_film_1a2b.mp4')).toEqual({
      url: '/uploads/demo_film_1a2b.mp4',
      provider: 'upload',
    });
  });

  it('plays no /uploads address that steps out of /uploads, names another site or claims another provider', () => {
    for (const text of [
      '/uploads/../../evil',
      '/uploads/./demo.mp4',
      '/uploads/x/../demo.mp4',
      '/uploads//evil.example/x.mp4',
      '/uploads/demo.mp4/',
      '/uploads/%2e%2e/evil.mp4',
      '/uploads/..%2Fevil.mp4',
      '/uploads/%2f%2fevil.example%2fx.mp4',
      '/uploads/..%5cevil.mp4',
      '/uploads/..\\evil.mp4',
      'http://127.0.0.1:1337/uploads//evil.example/x.mp4',
      '{"url":"/uploads/x.mp4","provider":"youtube"}',
      '{"url":"/uploads/x.mp4","provider":"external"}',
    ]) {
      expect(readVideoSource(text).state, text).toBe('unusable');
    }
  });

  it('still reads the JSON text the seed and older entries hold', () => {
    expect(
      embedFromText('{"url":"/uploads/v.mp4","provider":"upload","title":"Demo","size":12.5}'),
    ).toEqual({ url: '/uploads/v.mp4', provider: 'upload', title: 'Demo' });
    expect(embedFromText('{"url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ"}')?.url).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
  });

  it('says why what cannot play is refused', () => {
    const reasons: Record<string, RegExp> = {
      'our samba video': /not a single link/,
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>': /not a single link/,
      'https://www.youtube.com/watch?v=short': /not a link to one YouTube video/,
      'https://www.youtube.com/@orchestra': /not a link to one YouTube video/,
      'https://vimeo.com/channels/staffpicks': /not a link to one Vimeo video/,
      'https://cdn.example/film.mp4': /video file on another website/,
      '/films/samba.mp4': /not a film in the Media Library/,
      'http://video.example/embed/1': /does not start with https/,
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ': /does not start with https/,
      'https://video.example/embed/1':
        /films play from YouTube \(youtube.com, youtu.be\) or Vimeo \(vimeo.com\) only/,
      'https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ': /has a user name in it/,
      'javascript:alert(1)': /not a web address/,
      '//evil.example/x': /not a web address/,
      '{"url": "/uploads/x.mp4"': /not valid JSON/,
      '{"provider":"youtube"}': /no "url"/,
    };
    for (const [text, reason] of Object.entries(reasons)) {
      const reading = readVideoSource(text);
      expect(reading.state, text).toBe('unusable');
      expect(reading.state === 'unusable' && reading.reason, text).toMatch(reason);
    }
  });

  it('plays films from YouTube and Vimeo only: every address outside them is refused', () => {
    for (const [link, player] of Object.entries(PLAYABLE_VIDEO_LINKS)) {
      expect(embedFromText(link)?.url, link).toBe(player);
      expect(VIDEO_PLAYER_ORIGINS, link).toContain(new URL(player).origin);
    }
    expect(FOREIGN_VIDEO_ADDRESSES.length).toBeGreaterThanOrEqual(100);
    const accepted = FOREIGN_VIDEO_ADDRESSES.filter(
      (address) => readVideoSource(address).state !== 'unusable',
    );
    expect(accepted).toEqual([]);
  });

  it('frames only an https address on an allowed player, with no user name', () => {
    expect(VIDEO_PLAYER_ORIGINS).toEqual(['https://www.youtube.com', 'https://player.vimeo.com']);
    for (const player of Object.values(PLAYABLE_VIDEO_LINKS))
      expect(isVideoPlayerAddress(player), player).toBe(true);
    expect(FOREIGN_VIDEO_ADDRESSES.filter(isVideoPlayerAddress)).toEqual([]);
  });

  it('treats an empty field as no video', () => {
    for (const text of [null, undefined, '', '   '])
      expect(readVideoSource(text)).toEqual({ state: 'empty' });
  });
});

describe('videoState', () => {
  it('tells no video from a video that cannot play', () => {
    expect(videoState(null)).toBe('none');
    expect(videoState({ embed: null, file: null })).toBe('none');
    expect(videoState({ embed: '', file: { url: '/uploads/a.mp4' } })).toBe('playable');
    expect(videoState({ embed: 'https://youtu.be/dQw4w9WgXcQ', file: null })).toBe('playable');
    expect(videoState({ embed: 'see the film on the shared drive', file: null })).toBe('unusable');
  });
});
