import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ContentError } from '../../pipeline/content/errors';
import { renderContentErrorPage } from '../../scripts/content-error-page';
import { group } from '../helpers/must';

/** The page `npm run dev` serves while the content has a mistake (the browser test is test/e2e/dev-content-error.test.ts). */

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the content error page', () => {
  const error = new ContentError('content/case-studies/a<b>.mdx', [
    { message: 'field "title": must not be <empty> & "quoted"', line: 3 },
    { message: 'MDX does not compile: Expected a closing tag for `<div>`', line: 40, column: 1 },
    'field "tags" is missing',
  ]);

  it('names the file and every problem with its line, escaped', () => {
    const { html } = renderContentErrorPage(error);
    expect(html).toContain('<code>content/case-studies/a&lt;b&gt;.mdx</code>');
    expect(html).toContain(
      '<span class="where">line 3</span><span class="what">field &quot;title&quot;: must not be &lt;empty&gt; &amp; &quot;quoted&quot;</span>',
    );
    expect(html).toContain(
      '<span class="where">line 40, column 1</span><span class="what">MDX does not compile: Expected a closing tag for `&lt;div&gt;`</span>',
    );
    expect(html).toContain('<span class="where"></span><span class="what">field &quot;tags&quot; is missing</span>');
    expect(html).not.toMatch(/<(div|empty|b)>/);
  });

  it('allows exactly its own style and reload script, and the dev server socket', () => {
    const { html, headers } = renderContentErrorPage(error, 'http://localhost:3001');
    const style = group(/<style>([\s\S]*?)<\/style>/.exec(html), 'a <style> element');
    const script = group(/<script>([\s\S]*?)<\/script>/.exec(html), 'a <script> element');
    expect(script).toContain('"ws://localhost:3001/socket"');
    const csp = headers['Content-Security-Policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src ${sha256(style)}`);
    expect(csp).toContain(`script-src ${sha256(script)}`);
    expect(csp).toContain("connect-src 'self' ws://localhost:3001");
    expect(headers['Cache-Control']).toBe('no-store');
  });

  it('without a dev server origin it has no script at all', () => {
    const { html, headers } = renderContentErrorPage(error);
    expect(html).not.toContain('<script');
    expect(headers['Content-Security-Policy']).not.toContain('script-src');
  });
});
