import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { findActiveContent, XSS_PAYLOADS } from '../../../e2e/support/xss-corpus';
import { RichText, sanitizeHtml } from '../../../src/lib/ui/rich-text';

/**
 * The security suite's XSS corpus through the sanitizer alone, one payload at a time: whatever the
 * browser's CSP would also stop, nothing that could run may leave sanitizeHtml.
 */

/** Parses HTML as the page would hold it (inert: a template's content does not run). */
function parse(html: string): Element {
  const template = document.createElement('template');
  template.innerHTML = `<div>${html}</div>`;
  return template.content.firstElementChild as Element;
}

afterEach(() => {
  delete (window as { __xss?: unknown }).__xss;
});

describe('the XSS corpus', () => {
  it('has at least 50 distinct payloads with distinct ids', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(XSS_PAYLOADS.map((payload) => payload.html)).size).toBe(XSS_PAYLOADS.length);
    expect(new Set(XSS_PAYLOADS.map((payload) => payload.id)).size).toBe(XSS_PAYLOADS.length);
    for (const payload of XSS_PAYLOADS) {
      const encoded = /atob\('([^']+)'\)/.exec(payload.html)?.[1];
      const script = encoded ? atob(encoded) : decodeURIComponent(payload.html);
      expect(script, payload.label).toContain(`__xss=${payload.id}`);
    }
  });

  it('is dangerous before sanitizing: the checker finds active content in almost every raw payload', () => {
    // Some payloads only do harm after a parse/serialize round trip (mXSS) or rely on how a
    // parser recovers, so not every raw one shows active content in a single parse.
    const flagged = XSS_PAYLOADS.filter(
      (payload) => findActiveContent(parse(payload.html)).length > 0,
    );
    expect(flagged.length / XSS_PAYLOADS.length).toBeGreaterThan(0.85);
  });

  it.each(XSS_PAYLOADS.map((payload) => [payload.id, payload.label, payload] as const))(
    'payload %i (%s): sanitizeHtml leaves no script, handler or script URL',
    (_id, _label, payload) => {
      const clean = sanitizeHtml(payload.html);
      expect(findActiveContent(parse(clean))).toEqual([]);
      // A second round (the output parsed and sanitized again, as a cached copy would be) is
      // still clean: the mutation-XSS payloads rely on the output changing when reparsed.
      const twice = sanitizeHtml(parse(clean).innerHTML);
      expect(findActiveContent(parse(twice))).toEqual([]);
      expect(clean).not.toMatch(/<script|\son\w+\s*=|javascript:|vbscript:|srcdoc/i);
    },
  );

  it('renders the whole corpus through RichText without running anything', async () => {
    const html = XSS_PAYLOADS.map((payload) => `<p>${payload.html}</p>`).join('');
    const { container } = render(
      <>
        <RichText html={html} />
        {XSS_PAYLOADS.map((payload) => (
          <RichText key={payload.id} html={payload.html} />
        ))}
      </>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(findActiveContent(container)).toEqual([]);
    expect((window as { __xss?: unknown }).__xss).toBeUndefined();
  });
});
