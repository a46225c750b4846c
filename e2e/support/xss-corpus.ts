/**
 * The XSS corpus of the security suite: payloads that CMS editors' rich text or plain
 * string fields could carry. Each one, if any part of it ran, sets `window.__xss` to its own id,
 * so a test can tell that nothing ran, and which payload did if one does.
 *
 * The same list is seeded into the e2e CMS (global-setup writes it to a JSON file that the CMS's
 * security fixtures read: cms/src/seed/security-fixtures.js) and run through the sanitizer in
 * jsdom (tests/lib/ui/rich-text-corpus.test.tsx).
 */

export interface XssPayload {
  /** 1-based; the value the payload would give `window.__xss`. */
  id: number;
  /** What the payload tries (for failure messages). */
  label: string;
  html: string;
}

/** `{N}` is the payload's id; `{B64}` is `window.__xss={N}` in base64 (for eval(atob(...))). */
const TEMPLATES: [label: string, html: string][] = [
  ['script tag', '<script>window.__xss={N}</script>'],
  [
    'script with data: src, upper case',
    '<SCRIPT SRC="data:text/javascript,window.__xss={N}"></SCRIPT>',
  ],
  ['img onerror', '<img src=x onerror="window.__xss={N}">'],
  ['img onerror, mixed case, unquoted', '<IMG SRC=x OnErRoR=window.__xss={N}>'],
  ['img onerror with entity-encoded body', '<img src=x onerror="&#119;indow.__xss={N}">'],
  ['img onerror via eval(atob())', "<img src=x:y onerror=eval(atob('{B64}'))>"],
  ['img srcset onerror', '<img srcset="x 1x" onerror="window.__xss={N}">'],
  ['img javascript: src', '<img src="javascript:window.__xss={N}">'],
  ['svg onload', '<svg onload="window.__xss={N}"></svg>'],
  ['script inside svg', '<svg><script>window.__xss={N}</script></svg>'],
  ['body onload', '<body onload="window.__xss={N}">'],
  ['body onpageshow', '<body onpageshow="window.__xss={N}">'],
  ['frameset onload', '<frameset onload="window.__xss={N}">'],
  [
    'details open ontoggle',
    '<details open ontoggle="window.__xss={N}"><summary>x</summary></details>',
  ],
  ['video source onerror', '<video><source src=x onerror="window.__xss={N}"></video>'],
  ['video onerror', '<video src=x onerror="window.__xss={N}"></video>'],
  ['audio onerror', '<audio src=x onerror="window.__xss={N}"></audio>'],
  [
    'picture source and img onerror',
    '<picture><source srcset=x><img src=x onerror="window.__xss={N}"></picture>',
  ],
  ['marquee onstart', '<marquee onstart="window.__xss={N}">x</marquee>'],
  ['input autofocus onfocus', '<input autofocus onfocus="window.__xss={N}">'],
  ['select autofocus onfocus', '<select autofocus onfocus="window.__xss={N}"></select>'],
  ['textarea autofocus onfocus', '<textarea autofocus onfocus="window.__xss={N}"></textarea>'],
  ['div onmouseover', '<div onmouseover="window.__xss={N}">hover me</div>'],
  ['a onclick', '<a href="#" onclick="window.__xss={N}">click me</a>'],
  ['a javascript: href', '<a href="javascript:window.__xss={N}">link</a>'],
  ['a javascript: href, mixed case', '<a href="JaVaScRiPt:window.__xss={N}">link</a>'],
  [
    'a javascript: href, decimal entities',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss={N}">link</a>',
  ],
  [
    'a javascript: href, hex entities and &colon;',
    '<a href="&#x6A;avascript&colon;window.__xss={N}">link</a>',
  ],
  ['a javascript: href with a tab', '<a href="jav&#x09;ascript:window.__xss={N}">link</a>'],
  ['a javascript: href with a leading space', '<a href=" javascript:window.__xss={N}">link</a>'],
  ['a vbscript: href', '<a href="vbscript:window.__xss={N}">link</a>'],
  [
    'a data:text/html href',
    '<a href="data:text/html,%3Cscript%3Eopener.__xss%3D{N}%3C%2Fscript%3E">link</a>',
  ],
  ['iframe javascript: src', '<iframe src="javascript:parent.__xss={N}"></iframe>'],
  [
    'iframe data: src',
    '<iframe src="data:text/html,%3Cscript%3Eparent.__xss%3D{N}%3C%2Fscript%3E"></iframe>',
  ],
  ['iframe srcdoc script', '<iframe srcdoc="<script>parent.__xss={N}</script>"></iframe>'],
  [
    'iframe srcdoc entity-encoded img',
    '<iframe srcdoc="&lt;img src=x onerror=parent.__xss={N}&gt;"></iframe>',
  ],
  ['object javascript: data', '<object data="javascript:window.__xss={N}"></object>'],
  [
    'object data:text/html',
    '<object data="data:text/html,<script>parent.__xss={N}</script>"></object>',
  ],
  ['embed javascript: src', '<embed src="javascript:window.__xss={N}">'],
  [
    'embed data: svg',
    '<embed src="data:image/svg+xml,%3Csvg onload=%22parent.__xss={N}%22 xmlns=%22http://www.w3.org/2000/svg%22/%3E">',
  ],
  [
    'form javascript: action',
    '<form action="javascript:window.__xss={N}"><button>go</button></form>',
  ],
  [
    'button javascript: formaction',
    '<form><button formaction="javascript:window.__xss={N}">go</button></form>',
  ],
  ['isindex javascript: action', '<isindex action="javascript:window.__xss={N}" type=image>'],
  [
    'table javascript: background',
    '<table background="javascript:window.__xss={N}"><tr><td>x</td></tr></table>',
  ],
  [
    'style attribute url(javascript:)',
    '<div style="background:url(javascript:window.__xss={N})">x</div>',
  ],
  ['style attribute expression()', '<div style="width: expression(window.__xss={N})">x</div>'],
  ['style element @import javascript:', "<style>@import 'javascript:window.__xss={N}';</style>"],
  [
    'meta refresh to javascript:',
    '<meta http-equiv="refresh" content="0;url=javascript:window.__xss={N}">',
  ],
  ['base href javascript:', '<base href="javascript:window.__xss={N}//">'],
  [
    'link import data:',
    '<link rel="import" href="data:text/html,<script>window.__xss={N}</script>">',
  ],
  [
    'noscript attribute mXSS',
    '<noscript><p title="</noscript><img src=x onerror=window.__xss={N}>"></noscript>',
  ],
  ['template content', '<template><img src=x onerror="window.__xss={N}"></template>'],
  ['xmp attribute mXSS', '<xmp><p title="</xmp><img src=x onerror=window.__xss={N}>"></xmp>'],
  [
    'noembed attribute mXSS',
    '<noembed><img title="</noembed><img src onerror=window.__xss={N}>"></noembed>',
  ],
  [
    'iframe content mXSS',
    '<iframe><img title="</iframe><img src onerror=window.__xss={N}>"></iframe>',
  ],
  [
    'math mglyph style namespace confusion',
    '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss={N}>',
  ],
  [
    'form math mglyph namespace confusion',
    '<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.__xss={N}>',
  ],
  [
    'math svg textarea namespace confusion',
    '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=window.__xss={N} src=1>">',
  ],
  ['svg style a id mXSS', '<svg></p><style><a id="</style><img src=1 onerror=window.__xss={N}>">'],
  [
    'img inside svg style breaks out',
    '<svg><style><img src=x onerror=window.__xss={N}></style></svg>',
  ],
  [
    'svg animate onbegin',
    '<svg><animate onbegin="window.__xss={N}" attributeName="x" dur="1s"></animate></svg>',
  ],
  [
    'svg animate href to javascript:',
    '<svg><a><animate attributeName="href" values="javascript:window.__xss={N}"></animate><text x="20" y="20">click</text></a></svg>',
  ],
  [
    'svg set href to javascript:',
    '<svg><a id="s{N}"><set attributeName="href" to="javascript:window.__xss={N}"></set><text y="20">x</text></a></svg>',
  ],
  [
    'svg a xlink:href javascript:',
    '<svg><a xlink:href="javascript:window.__xss={N}"><text y="20">x</text></a></svg>',
  ],
  [
    'svg foreignObject iframe srcdoc',
    '<svg><foreignObject><iframe srcdoc="&lt;script&gt;parent.__xss={N}&lt;/script&gt;"></iframe></foreignObject></svg>',
  ],
  ['nested script tags', '<scr<script>ipt>window.__xss={N}</scr</script>ipt>'],
  ['comment breakout', '<!--<img src="--><img src=x onerror=window.__xss={N}//">'],
  ['CDATA in HTML', '<![CDATA[><img src=x onerror=window.__xss={N}>]]>'],
  ['attribute breakout with quote', '"><script>window.__xss={N}</script>'],
  ['attribute breakout with apostrophe', "'><img src=x onerror=window.__xss={N}>"],
  ['unclosed img tag', '<img src=x onerror=window.__xss={N} '],
  ['unclosed script tag', '<script>window.__xss={N}'],
];

function toBase64(text: string): string {
  return btoa(text);
}

export const XSS_PAYLOADS: XssPayload[] = TEMPLATES.map(([label, template], index) => {
  const id = index + 1;
  return {
    id,
    label,
    html: template
      .replaceAll('{B64}', toBase64(`window.__xss=${id}`))
      .replaceAll('{N}', String(id)),
  };
});

/** The payload with this id (for a failure message naming what ran). */
export function payloadById(id: unknown): XssPayload | undefined {
  return XSS_PAYLOADS.find((payload) => payload.id === Number(id));
}

/**
 * Everything in `root` that could run script or navigate to script: script-like elements,
 * `on*` attributes, srcdoc, and URL attributes with javascript:, vbscript: or HTML data: URLs.
 * Self-contained (no outside references) so that Playwright can run it in the page with
 * `page.evaluate(findActiveContent, selector)`; it also runs in jsdom.
 */
export function findActiveContent(root: Element | string | null): string[] {
  const element = typeof root === 'string' ? document.querySelector(root) : root;
  if (!element) return [`no element ${String(root)}`];
  // React 19 replaces a javascript: URL it is given with this one, which only throws.
  const reactBlocked =
    "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";
  const urlAttributes = new Set([
    'href',
    'xlink:href',
    'src',
    'action',
    'formaction',
    'data',
    'background',
    'poster',
    'lowsrc',
    'dynsrc',
    'to',
    'values',
    'from',
    'by',
    'codebase',
    'code',
    'content',
  ]);
  const forbiddenTags = new Set([
    'script',
    'object',
    'embed',
    'applet',
    'base',
    'meta',
    'link',
    'frame',
    'frameset',
    'isindex',
    'style',
  ]);
  const findings: string[] = [];
  for (const node of [element, ...Array.from(element.querySelectorAll('*'))]) {
    const tag = node.localName.toLowerCase();
    if (forbiddenTags.has(tag)) findings.push(`<${tag}> element`);
    if (
      (tag === 'animate' || tag === 'set') &&
      /^(xlink:)?href$|^on/i.test(node.getAttribute('attributeName') ?? '')
    ) {
      findings.push(`<${tag}> animating ${node.getAttribute('attributeName')}`);
    }
    for (const attribute of Array.from(node.attributes)) {
      const name = attribute.name.toLowerCase();
      // Browsers ignore whitespace and control characters inside a URL's scheme.
      // eslint-disable-next-line no-control-regex
      const value = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (name.startsWith('on')) findings.push(`<${tag} ${name}>`);
      else if (name === 'srcdoc') findings.push(`<${tag} srcdoc>`);
      else if (name === 'style' && /expression\(|javascript:|url\(/.test(value))
        findings.push(`<${tag} style="${attribute.value}">`);
      else if (urlAttributes.has(name) || name.endsWith(':href')) {
        if (attribute.value === reactBlocked) continue;
        if (
          /(^|[;,=])(javascript|vbscript):/.test(value) ||
          value.startsWith('data:text/html') ||
          (value.startsWith('data:') && tag !== 'img')
        ) {
          findings.push(`<${tag} ${name}="${attribute.value}">`);
        }
      }
    }
  }
  return findings;
}

/**
 * Script URLs for the string fields the app puts into an attribute rather than text: video
 * embeds (iframe src), booking and session links (a href). Ids follow the HTML payloads'.
 */
const URL_TEMPLATES: [label: string, url: string][] = [
  ['javascript: URL', 'javascript:window.__xss={N}'],
  ['javascript: URL, upper case', 'JAVASCRIPT:window.__xss={N}'],
  ['javascript: URL with a leading space', ' javascript:window.__xss={N}'],
  ['javascript: URL with a tab', 'java\tscript:window.__xss={N}'],
  ['data:text/html URL', 'data:text/html,<script>parent.__xss={N}</script>'],
  ['vbscript: URL', 'vbscript:window.__xss={N}'],
];
export const XSS_URLS: XssPayload[] = URL_TEMPLATES.map(([label, template], index) => {
  const id = XSS_PAYLOADS.length + index + 1;
  return { id, label, html: template.replaceAll('{N}', String(id)) };
});
