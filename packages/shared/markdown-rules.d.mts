/** marked's options for CMS rich text (see markdown-rules.mjs); typed without marked's classes,
 * so the app's and the CMS's copies of marked both accept it. */
export declare const MARKDOWN_RULES: {
  async: false;
  gfm: true;
  breaks: true;
  renderer: {
    heading(
      this: { parser: { parseInline(tokens: unknown[]): string } },
      token: { tokens: unknown[]; depth: number },
    ): string;
  };
};
