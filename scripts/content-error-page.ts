import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { devReloadScript, devSocketUrl } from '../app/utils/dev-reload';
import type { ContentError, ContentProblem } from '../pipeline/content/errors';

/**
 * `npm run dev` with a content mistake: instead of exiting, the app server
 * answers every request with this page. It names the file and, for each
 * problem, the field and the line, shows the lines around it, and reloads
 * itself once the file is fixed (the server compiles the content again after
 * the save, scripts/dev-content.ts, and then serves the site again). Plain HTML and CSS: readable
 * without JavaScript, in light and dark mode.
 *
 * 503 Service Unavailable: the site cannot be served until the content is
 * fixed, which is a temporary state of the server, not a mistake in the
 * request (4xx) and not a crash (500).
 */

const CONTEXT_LINES = 2;
const MAX_EXCERPTS = 3;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
:root { color-scheme: light dark; --bg: #fff; --fg: #1c1917; --muted: #57534e; --line: #e7e5e4; --code: #f5f5f4; --accent: #b91c1c; --mark: #fee2e2; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0c0a09; --fg: #f5f5f4; --muted: #a8a29e; --line: #292524; --code: #1c1917; --accent: #f87171; --mark: #450a0a; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 52rem; margin: 0 auto; padding: 3rem 1.25rem; }
.kicker { margin: 0 0 .5rem; color: var(--accent); font-weight: 600; font-size: .875rem; letter-spacing: .04em; text-transform: uppercase; }
h1 { margin: 0 0 1.5rem; font-size: 1.6rem; line-height: 1.25; overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
ul { margin: 0 0 2rem; padding: 0; list-style: none; border-top: 1px solid var(--line); }
li { display: grid; grid-template-columns: 9.5rem 1fr; gap: .25rem 1rem; padding: .75rem 0; border-bottom: 1px solid var(--line); }
li .where { color: var(--muted); font-variant-numeric: tabular-nums; white-space: nowrap; }
li .what { overflow-wrap: anywhere; }
figure { margin: 0 0 2rem; }
figcaption { margin-bottom: .35rem; color: var(--muted); font-size: .875rem; }
pre { margin: 0; padding: .75rem 0; overflow-x: auto; background: var(--code); border: 1px solid var(--line); border-radius: .5rem; font-size: .875rem; line-height: 1.6; }
pre code { display: inline-block; min-width: 100%; }
pre span { display: block; padding: 0 1rem 0 0; white-space: pre; }
pre span.hit { background: var(--mark); box-shadow: inset 3px 0 0 var(--accent); }
pre b { display: inline-block; min-width: 3.5rem; padding-right: 1rem; color: var(--muted); font-weight: 400; text-align: right; user-select: none; }
p { margin: 0 0 1rem; }
.hint { color: var(--muted); }
@media (max-width: 30rem) { li { grid-template-columns: 1fr; } h1 { font-size: 1.35rem; } }
`;

function where({ line, column }: ContentProblem): string {
  if (line === undefined) return '';
  return column === undefined ? `line ${line}` : `line ${line}, column ${column}`;
}

/** The lines around each located problem (the first few), from the file as it is now. */
function excerpts(file: string, problems: ContentProblem[]): string {
  let lines: string[];
  try {
    lines = readFileSync(path.resolve(file), 'utf8').split('\n');
  } catch {
    return '';
  }
  const located = [...new Set(problems.map((p) => p.line).filter((line): line is number => line !== undefined))].slice(0, MAX_EXCERPTS);
  return located
    .map((hit) => {
      const from = Math.max(1, hit - CONTEXT_LINES);
      const to = Math.min(lines.length, hit + CONTEXT_LINES);
      const rows = [];
      for (let n = from; n <= to; n++) {
        rows.push(`<span${n === hit ? ' class="hit"' : ''}><b>${n}</b>${escapeHtml(lines[n - 1] ?? '')}</span>`);
      }
      return `<figure><figcaption>${escapeHtml(file)}, line ${hit}</figcaption><pre><code>${rows.join('')}</code></pre></figure>`;
    })
    .join('\n');
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page and its headers for one content error. `devOrigin`: remix dev's REMIX_DEV_ORIGIN, for the reload. */
export function renderContentErrorPage(error: ContentError, devOrigin?: string): { html: string; headers: Record<string, string> } {
  const problems = error.problems
    .map((p) => `<li><span class="where">${escapeHtml(where(p))}</span><span class="what">${escapeHtml(p.message)}</span></li>`)
    .join('\n');
  const script = devOrigin ? devReloadScript(devOrigin) : '';
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>Content error · ${escapeHtml(error.file)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="kicker">npm run dev · content error</p>
<h1>The site cannot be shown: <code>${escapeHtml(error.file)}</code> needs a fix</h1>
<ul>
${problems}
</ul>
${excerpts(error.file, error.problems)}
<p>Fix the file and save it: this page reloads by itself once the site is back.</p>
<p class="hint">The same message is in the terminal where <code>npm run dev</code> runs. <code>npm run build</code> stops on it.</p>
</main>
${script ? `<script>${script}</script>` : ''}
</body>
</html>
`;
  const csp = [
    "default-src 'none'",
    `style-src ${sha256(STYLE)}`,
    script ? `script-src ${sha256(script)}` : '',
    // 'self': the content compiles' event stream (scripts/dev-content.ts); the other, remix dev's WebSocket.
    devOrigin ? `connect-src 'self' ${devSocketUrl(devOrigin).replace(/\/socket$/, '')}` : '',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].filter(Boolean);
  return {
    html,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': csp.join('; '),
      'X-Content-Type-Options': 'nosniff',
    },
  };
}

/** Answers every request with the page (503) for this error. */
export function contentErrorPage(error: ContentError): RequestHandler {
  const { html, headers } = renderContentErrorPage(error, process.env.REMIX_DEV_ORIGIN);
  return (req, res) => {
    res.status(503).set(headers);
    if (req.method === 'HEAD') res.end();
    else res.send(html);
  };
}
