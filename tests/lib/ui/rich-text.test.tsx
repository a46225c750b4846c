import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText, sanitizeHtml } from '../../../src/lib/ui/rich-text';

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

describe('RichText', () => {
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
  });
});
