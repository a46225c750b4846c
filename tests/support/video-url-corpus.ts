import { VIDEO_PLAYER_ORIGINS } from '@music-classroom/shared/video-source';

/**
 * Video links an editor pastes, one of each shape, on the sites the Embed field allows (YouTube
 * and Vimeo, packages/shared/video-source.mjs), and the players they become: both sides of the
 * rule "a film plays in a frame only from an allowed video player".
 */
export const PLAYABLE_VIDEO_LINKS: Record<string, string> = {
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ': 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  'https://youtube.com/watch?v=dQw4w9WgXcQ': 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  'https://m.youtube.com/watch?v=dQw4w9WgXcQ': 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  'https://youtu.be/dQw4w9WgXcQ': 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  'https://www.youtube.com/embed/dQw4w9WgXcQ': 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ': 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  'https://vimeo.com/76979871': 'https://player.vimeo.com/video/76979871',
  'https://vimeo.com/76979871/8272103f6e': 'https://player.vimeo.com/video/76979871?h=8272103f6e',
  'https://player.vimeo.com/video/76979871': 'https://player.vimeo.com/video/76979871',
};

/**
 * Each playable link moved off its site, made from the links above: look-alike hosts, a user name
 * or password that disguises the real host (`https://youtube.com@evil.example`), a trailing dot,
 * plain http, a protocol-relative address, and the same as the older JSON text.
 */
function movedOffSite(link: string): string[] {
  const url = new URL(link);
  const { host } = url;
  const rest = `${url.pathname}${url.search}`;
  return [
    `https://${host}.evil.example${rest}`,
    `https://evil-${host}${rest}`,
    `https://${host.replace(/\./g, '-')}.example${rest}`,
    `https://${host.replace('o', '\u043e')}${rest}`,
    `https://${host}@evil.example${rest}`,
    `https://${host}:443@evil.example${rest}`,
    `https://evil.example@${host}${rest}`,
    `https://${host}.${rest}`,
    `http://${host}${rest}`,
    `//${host}${rest}`,
    JSON.stringify({ url: `https://${host}.evil.example${rest}`, provider: 'youtube' }),
  ];
}

/** Every address outside the allowed video players: none may be saved, framed or let through the CSP. */
export const FOREIGN_VIDEO_ADDRESSES: string[] = [
  ...Object.keys(PLAYABLE_VIDEO_LINKS).flatMap(movedOffSite),
  // Other https sites, including players the content model does not name.
  'https://evil.example/embed/dQw4w9WgXcQ',
  'https://video.example/embed/1',
  '{"url":"https://video.example/embed/1","provider":"external"}',
  'https://www.dailymotion.com/embed/video/x7tgad0',
  'https://docs.google.com/document/d/1/preview',
  'https://127.0.0.1:4173/',
  ...VIDEO_PLAYER_ORIGINS.map((origin) => origin.replace('https://', 'https://accounts.')),
  // Addresses that are not web pages at all.
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'blob:https://www.youtube.com/0b9a2c1e',
  'file:///etc/passwd',
  'ftp://youtube.com/dQw4w9WgXcQ',
];
