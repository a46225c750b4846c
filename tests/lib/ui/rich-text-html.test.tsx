import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichText, richTextToHtml, sanitizeHtml } from '../../../src/lib/ui/rich-text';
import { Transcript } from '../../../src/shared/media/transcript';

// The CMS answers rich text as HTML, so showing it needs no Markdown renderer; the renderer
// (marked, its own chunk) is loaded only for Markdown in an answer stored before that. The
// registry records whether the chunk was imported: it must not be for HTML or plain text.
const chunk = vi.hoisted(() => ({ imported: 0 }));
vi.mock('../../../src/lib/ui/old-markdown', async (importOriginal) => {
  chunk.imported += 1;
  return importOriginal();
});

afterEach(() => {
  delete (window as { __xss?: unknown }).__xss;
});

// These run in order: the chunk is not loaded until the old-Markdown tests at the end.
describe('HTML from the CMS', () => {
  it('is sanitized (script, handlers and javascript: URLs removed) without loading the Markdown renderer', () => {
    const html = richTextToHtml(
      '<p>Sing <strong>loud</strong></p><script>window.__xss=1</script><img src=x onerror="window.__xss=2">' +
        '<p><a href="javascript:window.__xss=3">click</a></p>',
    );
    expect(html).toBe('<p>Sing <strong>loud</strong></p><img src="x" alt=""><p><a>click</a></p>');
    expect(chunk.imported).toBe(0);
  });

  it('renders in RichText at once, links to other sites opening in a new tab that says so', () => {
    const { container } = render(
      <RichText
        html={
          '\n<h2>Warm up</h2>\n<p>Read about <a href="https://en.wikipedia.org/wiki/Samba">samba</a>.</p>'
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Warm up' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /^samba ?\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelectorAll('.rich-text')).toHaveLength(1);
    expect(chunk.imported).toBe(0);
  });

  it('shows nothing for an empty text, and a plain one-line text as a paragraph, without the renderer', () => {
    expect(richTextToHtml('')).toBe('');
    expect(richTextToHtml('  \n ')).toBe('');
    expect(richTextToHtml('Hum, then sing on "ah".')).toBe('<p>Hum, then sing on "ah".</p>');
    expect(richTextToHtml("Pupil's choice: drums (or voices)?")).toBe(
      "<p>Pupil's choice: drums (or voices)?</p>",
    );
    expect(chunk.imported).toBe(0);
  });
});

/** Texts an old stored answer holds, as Markdown, and the HTML the app shows for them. */
const OLD_MARKDOWN: [markdown: string, html: string][] = [
  [
    '# Title\n\n**loud** and _soft_\nnext line',
    '<h2>Title</h2>\n<p><strong>loud</strong> and <em>soft</em><br>next line</p>',
  ],
  ['1. Listen\n2. Clap', '<ol>\n<li>Listen</li>\n<li>Clap</li>\n</ol>'],
  ['- surdo', '<ul>\n<li>surdo</li>\n</ul>'],
  // Starts with a tag, yet Markdown: the editor's underline button writes HTML inline.
  ['<u>Clap</u> **loud**', '<p><u>Clap</u> <strong>loud</strong></p>'],
  [
    'Go to https://example.org/a',
    '<p>Go to <a href="https://example.org/a" target="_blank" rel="noopener noreferrer">https://example.org/a<span class="visually-hidden"> (opens in a new tab)</span></a></p>',
  ],
  [
    'Visit www.example.org',
    '<p>Visit <a href="http://www.example.org" target="_blank" rel="noopener noreferrer">www.example.org<span class="visually-hidden"> (opens in a new tab)</span></a></p>',
  ],
];

describe('Markdown in an answer stored before the CMS rendered it', () => {
  it('shows once the renderer has arrived, sanitized', async () => {
    const { container } = render(
      <RichText
        html={'**Sing** <img src=x onerror="window.__xss=1">\n\n[click](javascript:window.__xss=2)'}
      />,
    );
    expect(await screen.findByText('Sing')).toHaveProperty('tagName', 'STRONG');
    expect(chunk.imported).toBe(1);
    expect(container.innerHTML).not.toMatch(/onerror|javascript:/i);
    expect(screen.getByText('click')).not.toHaveAttribute('href');
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });

  it.each(OLD_MARKDOWN)('%j renders with the CMS rules', (markdown, html) => {
    expect(richTextToHtml(markdown)).toBe(html);
  });

  it('plain one-line texts need no renderer because the renderer gives the same HTML for them', async () => {
    const { renderOldMarkdown } = await import('../../../src/lib/ui/old-markdown');
    const texts = [
      'Hum, then sing on "ah".',
      '  Listen  to the song. ',
      "Who's playing: the cello (or the viola)?",
      'Tempo: 120; bars 3/4 - slow!',
      'Teacher: Now your turn!',
      '\nHello\n\n',
    ];
    for (const text of texts) {
      expect(richTextToHtml(text)).toBe(sanitizeHtml(renderOldMarkdown(text)).trim());
    }
  });

  it('a transcript in old Markdown offers its words', async () => {
    render(<Transcript html={'Hello *everyone*,\nhello!'} title="Hello Song" />);
    expect(screen.getByText('Transcript')).toBeInTheDocument();
    expect(await screen.findByText('everyone')).toHaveProperty('tagName', 'EM');
  });
});
