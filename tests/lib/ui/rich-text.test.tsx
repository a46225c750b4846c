import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { richTextToHtml, RichText, sanitizeHtml } from '../../../src/lib/ui/rich-text';
import { loadOldMarkdown } from '../../../src/lib/ui/rich-text-html';

// The Markdown rules, through the app's renderer for answers stored before the CMS rendered
// rich text; the CMS renders with the same rules (packages/shared/markdown-rules.mjs). Loaded up
// front here: tests/lib/ui/rich-text-html.test.tsx covers the loading itself.
beforeAll(async () => {
  await loadOldMarkdown();
});
const markdownToHtml = (markdown: string) => richTextToHtml(markdown) ?? 'not rendered';

describe('sanitizeHtml', () => {
  it('strips scripts, event handlers and javascript: links but keeps the text', () => {
    const dirty =
      '<p>Hello <b>class</b><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' +
      '<a href="javascript:alert(1)">click</a><iframe src="https://evil.example"></iframe></p>';
    const clean = sanitizeHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|javascript:|iframe/i);
    expect(clean).toContain('<b>class</b>');
    expect(clean).toContain('click');
  });
});

describe('images in rich text', () => {
  it('gives an image without alternative text an empty alt, and keeps the one it has', () => {
    expect(sanitizeHtml('<img src="/a.png">')).toBe('<img src="/a.png" alt="">');
    expect(sanitizeHtml('<img src="/a.png" alt="A score">')).toContain('alt="A score"');
  });
});

/**
 * Every button of Strapi 5's Markdown editor toolbar, with the exact text it inserts
 * (@strapi/content-manager, Wysiwyg/utils/utils.mjs), and the HTML a teacher must get.
 */
const TOOLBAR: [feature: string, markdown: string, html: string][] = [
  ['Bold', 'Play the **loudest** note', '<p>Play the <strong>loudest</strong> note</p>'],
  ['Italic', 'Play _softly_ now', '<p>Play <em>softly</em> now</p>'],
  ['Underline', 'The <u>first</u> beat', '<p>The <u>first</u> beat</p>'],
  ['Strikethrough', 'Four ~~five~~ beats', '<p>Four <del>five</del> beats</p>'],
  ['Heading 1 (under the page title)', '# Warm up', '<h2>Warm up</h2>'],
  ['Heading 2', '## Listen', '<h3>Listen</h3>'],
  ['Heading 3', '### Play', '<h4>Play</h4>'],
  ['Heading 4', '#### Perform', '<h5>Perform</h5>'],
  ['Heading 5', '##### Notes', '<h6>Notes</h6>'],
  ['Heading 6', '###### Small print', '<h6>Small print</h6>'],
  [
    'Quote',
    '>Music is the space between the notes',
    '<blockquote>\n<p>Music is the space between the notes</p>\n</blockquote>',
  ],
  ['Code', '```\nta ta ti-ti ta\n```', '<pre><code>ta ta ti-ti ta\n</code></pre>'],
  ['Bullet list', '- surdo\n- caixa', '<ul>\n<li>surdo</li>\n<li>caixa</li>\n</ul>'],
  ['Numbered list', '1. Listen\n2. Clap', '<ol>\n<li>Listen</li>\n<li>Clap</li>\n</ol>'],
  [
    'Link (in the app)',
    '[the unit](/primary/rhythm-makers)',
    '<p><a href="/primary/rhythm-makers">the unit</a></p>',
  ],
  [
    'Image',
    '![A picture score](/uploads/score.png)',
    '<p><img src="/uploads/score.png" alt="A picture score"></p>',
  ],
];

describe('Markdown: every toolbar feature of the CMS editor', () => {
  it.each(TOOLBAR)('%s', (_feature, markdown, html) => {
    expect(markdownToHtml(markdown)).toBe(html);
  });

  it('makes paragraphs from blank lines and a line break from a single new line, as the admin preview does', () => {
    expect(markdownToHtml('Hello everyone,\nhello!\n\nWe are here to sing.')).toBe(
      '<p>Hello everyone,<br>hello!</p>\n<p>We are here to sing.</p>',
    );
  });

  it('still shows HTML an editor typed (and older entries hold)', () => {
    expect(markdownToHtml('<p><strong>Whole-school</strong> subscriptions</p>')).toBe(
      '<p><strong>Whole-school</strong> subscriptions</p>',
    );
  });

  it('opens a link to another site in a new tab that cannot reach back, and says so', () => {
    const html = markdownToHtml('[Samba](https://en.wikipedia.org/wiki/Samba)');
    expect(html).toBe(
      '<p><a href="https://en.wikipedia.org/wiki/Samba" target="_blank" rel="noopener noreferrer">' +
        'Samba<span class="visually-hidden"> (opens in a new tab)</span></a></p>',
    );
    // Sanitizing the output again (a cached copy) does not add a second note.
    const twice = sanitizeHtml(html);
    expect(twice.match(/opens in a new tab/g)).toHaveLength(1);
    expect(twice).toContain('target="_blank"');
  });

  it('keeps a link within the app and an e-mail link in the same tab', () => {
    expect(markdownToHtml(`[home](${window.location.origin}/)`)).not.toContain('target');
    expect(markdownToHtml('[write to us](mailto:classroom@orchestra.example)')).toBe(
      '<p><a href="mailto:classroom@orchestra.example">write to us</a></p>',
    );
  });

  it('strips script, event handlers and script links, whether typed as HTML or as Markdown', () => {
    const html = markdownToHtml(
      '**Sing** <script>window.__xss=1</script>\n\n<img src=x onerror="window.__xss=2">\n\n' +
        '[click](javascript:window.__xss=3) ![x](javascript:window.__xss=4)',
    );
    expect(html).not.toMatch(/script|onerror/i);
    expect(html).toContain('<strong>Sing</strong>');
    expect(html).toContain('click');
  });
});

describe('RichText', () => {
  it('renders an editor’s Markdown as a teacher should see it', () => {
    render(
      <RichText
        html={
          'Play the **loudest** note.\n\nYou will need:\n\n- a whistle\n- a drum\n\n' +
          'Read about [samba](https://en.wikipedia.org/wiki/Samba).'
        }
      />,
    );
    expect(screen.getByText('loudest').tagName).toBe('STRONG');
    expect(screen.getByText(/Play the/).tagName).toBe('P');
    expect(screen.queryByText(/\*\*/)).toBeNull();
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['a whistle', 'a drum']);
    // jsdom's name computation trims the hidden note's leading space; a browser keeps it.
    const link = screen.getByRole('link', { name: /^samba ?\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/Samba');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders sanitized HTML without running anything', () => {
    const { container } = render(
      <RichText html={'<p>Sing</p><img src=x onerror="window.__xss=1">'} />,
    );
    expect(container.querySelector('p')).toHaveTextContent('Sing');
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('renders nothing for empty or missing text', () => {
    expect(render(<RichText html={null} />).container).toBeEmptyDOMElement();
    expect(render(<RichText html={'<script>x</script>'} />).container).toBeEmptyDOMElement();
    expect(render(<RichText html={'\n\n'} />).container).toBeEmptyDOMElement();
  });
});
