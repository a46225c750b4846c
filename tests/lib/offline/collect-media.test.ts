import { describe, expect, it } from 'vitest';
import { collectMedia, mergeMedia } from '../../../src/lib/offline/collect-media';

describe('collectMedia', () => {
  it('finds the media of every slide template, once each, with sizes in bytes', () => {
    const slideshow = {
      activity_slides: [
        {
          slide_template: 'image',
          main_image: {
            url: '/uploads/a.jpg',
            size: 10,
            formats: { small: { url: '/uploads/small_a.jpg', size: 2 } },
          },
        },
        { slide_template: 'audio', audio: { url: '/uploads/b.mp3', size: 100 } },
        {
          slide_template: 'video',
          videos: [{ embed: '{"url":"/uploads/c.mp4","provider":"upload"}', file: null }],
        },
        {
          slide_template: 'two_columns',
          columns: [{ images: [{ url: '/uploads/a.jpg', size: 10 }] }],
        },
        {
          slide_template: 'audiocards',
          audiocards: [
            { image: { url: '/uploads/d.png' }, audio: { url: '/uploads/e.mp3', size: 1.5 } },
          ],
        },
        {
          slide_template: 'flipcards',
          flipcards: [
            { card_1: { url: '/uploads/f.png' }, card_2: { url: '/uploads/g.png' }, audio: null },
          ],
        },
        {
          slide_template: 'video',
          videos: [{ embed: '{"url":"https://www.youtube.com/embed/x"}' }],
        },
        { slide_text: '<p>See <img src="/uploads/not-counted.png"></p>' },
      ],
    };
    const found = collectMedia(slideshow);
    expect(found.map((file) => file.url).sort()).toEqual(
      [
        '/uploads/a.jpg',
        '/uploads/b.mp3',
        '/uploads/c.mp4',
        '/uploads/d.png',
        '/uploads/e.mp3',
        '/uploads/f.png',
        '/uploads/g.png',
        '/uploads/small_a.jpg',
      ].sort(),
    );
    expect(found.find((file) => file.url === '/uploads/b.mp3')?.bytes).toBe(100_000); // Strapi's kB are 1,000 bytes (bytesToKbytes in @strapi/upload)
    expect(found.find((file) => file.url === '/uploads/e.mp3')?.bytes).toBe(1_500);
  });

  it('ignores other hosts and non-upload paths', () => {
    expect(
      collectMedia({
        url: 'https://cdn.example/uploads/x.jpg',
        link: '/primary',
        other: '/uploads/',
      }),
    ).toEqual([]);
  });

  it('merges lists so a file shared by two lessons is fetched and counted once', () => {
    const merged = mergeMedia([
      [
        { url: '/uploads/shared.mp3', bytes: 100 },
        { url: '/uploads/one.jpg', bytes: 5 },
      ],
      [
        { url: '/uploads/shared.mp3', bytes: 0 },
        { url: '/uploads/two.jpg', bytes: 7 },
      ],
    ]);
    expect(merged).toHaveLength(3);
    expect(merged.reduce((sum, file) => sum + file.bytes, 0)).toBe(112);
  });
});
