import { describe, expect, it } from 'vitest';
import { imageSource, isUploadedMedia, parseEmbed } from '../../../src/lib/content/media';

describe('media helpers', () => {
  const image = {
    url: '/uploads/full.jpg',
    width: 2000,
    height: 1000,
    formats: {
      small: { url: '/uploads/small_full.jpg', width: 500, height: 250 },
      large: { url: '/uploads/large_full.jpg', width: 1000, height: 500 },
    },
  };

  it('picks the first preferred format that exists, else the original', () => {
    expect(imageSource(image, ['large', 'small'])).toEqual({
      url: '/uploads/large_full.jpg',
      width: 1000,
      height: 500,
    });
    expect(imageSource(image, ['medium', 'small'])).toEqual({
      url: '/uploads/small_full.jpg',
      width: 500,
      height: 250,
    });
    expect(imageSource(image, ['thumbnail'])).toEqual({
      url: '/uploads/full.jpg',
      width: 2000,
      height: 1000,
    });
    expect(imageSource({ url: '/uploads/x.png', formats: 'not json' })).toEqual({
      url: '/uploads/x.png',
    });
  });

  it('parses embed JSON text and rejects anything without a url', () => {
    expect(parseEmbed('{"url":"/uploads/v.mp4","provider":"upload","title":"Demo"}')).toEqual({
      url: '/uploads/v.mp4',
      provider: 'upload',
      title: 'Demo',
    });
    expect(parseEmbed('{"provider":"youtube"}')).toBeNull();
    expect(parseEmbed('not json')).toBeNull();
    expect(parseEmbed(null)).toBeNull();
  });

  it('knows which media the CMS serves (and can therefore be cached offline)', () => {
    expect(isUploadedMedia('/uploads/a.mp3')).toBe(true);
    expect(isUploadedMedia('https://www.youtube.com/embed/x')).toBe(false);
  });

  it('refuses embeds that are not web or site addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      '//evil.example/x',
      ' ',
    ]) {
      expect(parseEmbed(JSON.stringify({ url })), url).toBeNull();
    }
    expect(parseEmbed('{"url":"https://video.example/embed/1"}')).toBeNull();
    expect(parseEmbed('{"url":"https://vimeo.com/76979871"}')?.url).toBe(
      'https://player.vimeo.com/video/76979871',
    );
  });
});
