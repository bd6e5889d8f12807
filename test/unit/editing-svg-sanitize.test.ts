import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '~/editing/uploads/svg-sanitize.server';

/**
 * The SVG check, attacked: each hostile file is a known SVG XSS or
 * exfiltration vector (OWASP's XSS filter evasion list, the SVG cheat sheets
 * of Cure53 and PortSwigger, XXE). The checker refuses rather than rewrites,
 * so "neutralised" here always means "refused, with a reason". Then the
 * other side: every SVG the designer already ships passes unchanged, and
 * what passes still rasterises.
 */

const ROOT = path.resolve(__dirname, '../..');
const NS = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (inner: string, attrs = '') => `<svg ${NS} ${XLINK}${attrs} viewBox="0 0 10 10">${inner}</svg>`;

const HOSTILE: [string, string, RegExp][] = [
  ['script element', svg('<script>alert(1)</script>'), /<script>/],
  ['script with CDATA', svg('<script><![CDATA[alert(1)]]></script>'), /<script>/],
  [
    'script in the SVG namespace under another prefix',
    `<svg ${NS} xmlns:x="http://www.w3.org/2000/svg"><x:script>alert(1)</x:script></svg>`,
    /<x:script>/,
  ],
  ['upper-case SCRIPT', svg('<SCRIPT>alert(1)</SCRIPT>'), /<SCRIPT>/],
  ['onload on the root', svg('', ' onload="alert(1)"'), /event handler.*onload/],
  ['mixed-case handler', svg('<rect width="1" height="1" OnClIcK="alert(1)"/>'), /event handler.*OnClIcK/],
  [
    'handler under a namespace prefix',
    svg('<rect ev:onclick="alert(1)"/>', ' xmlns:ev="http://www.w3.org/2001/xml-events"'),
    /event handler.*ev:onclick/,
  ],
  ['onerror on an image', svg('<image href="#a" onerror="alert(1)"/>'), /event handler/],
  ['unquoted handler, HTML style', `<svg/onload=alert(1)>`, /attributes not separated by spaces/],
  [
    'foreignObject with HTML',
    svg(
      '<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"/></body></foreignObject>',
    ),
    /<foreignObject>/,
  ],
  ['iframe', svg('<iframe src="https://evil.example/"/>'), /<iframe>/],
  ['embed', svg('<embed src="https://evil.example/x.swf"/>'), /<embed>/],
  ['object', svg('<object data="https://evil.example/x.html"/>'), /<object>/],
  [
    'XHTML script via a default namespace',
    svg('<g xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></g>'),
    /from the namespace "http:\/\/www.w3.org\/1999\/xhtml", which is not part of SVG/,
  ],
  [
    'handler element (SVG Tiny 1.2)',
    svg('<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler>'),
    /<handler>/,
  ],
  ['javascript: link', svg('<a xlink:href="javascript:alert(1)"><text>x</text></a>'), /link to "javascript/],
  ['entity-encoded javascript:', svg('<a href="&#106;&#x61;vascript:alert(1)"><text>x</text></a>'), /link to "javascript/],
  ['tab inside javascript:', svg('<a href="jav&#x09;ascript:alert(1)"><text>x</text></a>'), /link to/],
  ['mixed case and spaces', svg('<a href="  JaVaScRiPt:alert(1)"><text>x</text></a>'), /link to/],
  ['NUL character reference', svg('<a href="java&#0;script:alert(1)"><text>x</text></a>'), /character reference/],
  ['raw NUL byte', svg('<a href="java\u0000script:alert(1)"><text>x</text></a>'), /control character/],
  [
    'data:text/html link',
    svg('<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="><text>x</text></a>'),
    /link to "data:text/,
  ],
  ['external image (tracking pixel)', svg('<image href="https://evil.example/pixel.png" width="1" height="1"/>'), /link to "https:/],
  ['use with an external sprite', svg('<use xlink:href="https://evil.example/sprite.svg#x"/>'), /link to/],
  ['use with an SVG data URI', svg('<use href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=#x"/>'), /link to "data:image\/svg/],
  ['feImage from another site', svg('<filter id="f"><feImage href="https://evil.example/x.png"/></filter>'), /link to/],
  ['xml:base redirecting links', svg('<a xml:base="javascript:" href="#x"><text>x</text></a>'), /xml:base/],
  [
    'animate turning a link into javascript:',
    svg('<a href="#x"><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>'),
    /javascript:|animation that changes "href"/,
  ],
  [
    'animate targeting href with a safe value',
    svg('<a href="#x"><animate attributeName="xlink:href" to="#y"/></a>'),
    /animation that changes/,
  ],
  ['set adding a handler', svg('<rect><set attributeName="onmouseover" to="alert(1)"/></rect>'), /animation that changes "onmouseover"/],
  ['set with an upper-case handler target', svg('<rect><set attributeName="ONLOAD" to="alert(1)"/></rect>'), /animation that changes/],
  [
    'XXE: external entity',
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${svg('<text>&xxe;</text>')}`,
    /DOCTYPE with its own declarations/,
  ],
  [
    'billion laughs',
    `<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${svg('<text>&b;</text>')}`,
    /DOCTYPE with its own declarations/,
  ],
  ['undeclared entity', svg('<text>&nbsp;</text>'), /entity "&nbsp;", which XML does not define/],
  ['DOCTYPE html', `<!DOCTYPE html>${svg('')}`, /declaration/],
  [
    'xml-stylesheet instruction',
    `<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/x.css"?>${svg('')}`,
    /processing instruction/,
  ],
  ['@import', svg('<style>@import url(https://evil.example/x.css);</style>'), /@import/],
  ['url() to another site in <style>', svg('<style>rect{fill:url(https://evil.example/x)}</style>'), /url\("https:/],
  ['CSS-escaped url() in a style attribute', svg('<rect style="fill:u\\72l(https://evil.example/x)"/>'), /url\("https:/],
  ['CSS comment inside the function name', svg('<rect style="background:u/**/rl(https://evil.example/x)"/>'), /url\("https:/],
  ['quoted url() in a presentation attribute', svg('<rect fill="url(\'https://evil.example/#g\')"/>'), /url\("https:/],
  ['@font-face from another site', svg('<style>@font-face{font-family:x;src:url(https://evil.example/f.woff)}</style>'), /@font-face/],
  ['IE expression()', svg('<rect style="width:expression(alert(1))"/>'), /expression/],
  ['behavior: (IE HTC)', svg('<style>*{behavior:url(#x)}</style>'), /behavior/],
  ['-moz-binding', svg('<style>*{-moz-binding:url(#x)}</style>'), /-moz-binding/],
  ['image-set()', svg('<style>rect{fill:image-set("https://evil.example/x.png" 1x)}</style>'), /image-set/],
  ['CDATA closing the style early', svg('<style><![CDATA[</style><script>alert(1)</script>]]></style>'), /"<" inside <style>/],
  ['CDATA outside style', svg('<text><![CDATA[<script>alert(1)</script>]]></text>'), /CDATA section outside/],
  ['comment hiding markup for an HTML parser', svg('<!--><script>alert(1)</script>-->'), /markup inside a comment/],
  ['UTF-7 declaration', `<?xml version="1.0" encoding="UTF-7"?>${svg('+ADw-script+AD4-alert(1)+ADw-/script+AD4-')}`, /UTF-8/],
  ['not well-formed', svg('<g><rect></g>'), /not well-formed/],
  ['unclosed root', `<svg ${NS}><rect/>`, /never closed/],
  ['HTML document with an SVG inside', `<html><body>${svg('')}</body></html>`, /not an SVG image: its root element is <html>/],
  ['XHTML root', `<svg xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></svg>`, /not an SVG image/],
  [
    'root without the SVG namespace',
    `<svg><script>alert(1)</script></svg>`,
    /not an SVG image: its root element is <svg>, not <svg xmlns=/,
  ],
  ['text the build reads as a handler', svg('<text x="0" y="5"> onerror = 1</text>'), /site's build reads as a script/],
  [
    'use bomb (10¹² copies)',
    svg(
      `<defs><g id="a0"><rect width="1" height="1"/></g>${Array.from({ length: 12 }, (_, i) => `<g id="a${i + 1}">${`<use href="#a${i}"/>`.repeat(10)}</g>`).join('')}</defs><use href="#a12"/>`,
    ),
    /more than 200000 shapes once its <use> copies are counted/,
  ],
  // Written top-down, so counting it would recurse 5,000 deep.
  [
    'a chain of 5,000 <use> (deep recursion)',
    svg(`${Array.from({ length: 5000 }, (_, i) => `<g id="a${5000 - i}"><use href="#a${4999 - i}"/></g>`).join('')}<g id="a0"/>`),
    /<use> copies nested more than 64 deep/,
  ],
  [
    'use that includes itself',
    svg('<g id="loop"><rect width="1" height="1"/><use href="#loop"/></g>'),
    /a <use> that includes itself \(#loop\)/,
  ],
  ['ping on a link', svg('<a href="#x" ping="https://evil.example/ping"><text>x</text></a>'), /link to "https:\/\/evil.example\/ping"/],
  ['link to the site itself', svg('<a href="/admin/content"><text>x</text></a>'), /link to "\/admin/],
];

describe('sanitizeSvg refuses hostile SVGs', () => {
  it(`has at least 25 vectors (${HOSTILE.length})`, () => expect(HOSTILE.length).toBeGreaterThanOrEqual(25));

  it.each(HOSTILE)('%s', (_name, text, reason) => {
    const result = sanitizeSvg(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toMatch(/^This SVG can't be used: /);
    expect(result.reason).toMatch(reason);
  });
});

async function svgFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith('.svg')).map((e) => path.join(e.parentPath, e.name));
}

describe('sanitizeSvg keeps real drawings', () => {
  // The sample designer's drawings are in test/fixtures/site (a copy of the sample content/).
  it('passes every SVG in test/fixtures/ and public/images/ unchanged, and each still rasterises', async () => {
    const files = [...(await svgFiles(path.join(ROOT, 'test/fixtures'))), ...(await svgFiles(path.join(ROOT, 'public/images')))];
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      const result = sanitizeSvg(text);
      expect(result, path.relative(ROOT, file)).toEqual({ ok: true, svg: text });
      const png = await sharp(Buffer.from(text)).resize(64).png().toBuffer();
      expect(png.length).toBeGreaterThan(0);
    }
  });

  const EXPORTS: [string, string][] = [
    [
      'Illustrator (Export As, with a stylesheet)',
      `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"
\t viewBox="0 0 100 100" style="enable-background:new 0 0 100 100;" xml:space="preserve">
<style type="text/css">
\t.st0{fill:#4F46E5;}
\t.st1{fill:url(#SVGID_1_);}
</style>
<linearGradient id="SVGID_1_" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="100" y2="100">
\t<stop  offset="0" style="stop-color:#FFFFFF"/>
\t<stop  offset="1" style="stop-color:#000000"/>
</linearGradient>
<rect class="st0" width="100" height="50"/>
<rect y="50" class="st1" width="100" height="50"/>
</svg>
`,
    ],
    [
      'Inkscape (namedview and RDF metadata)',
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg width="100mm" height="50mm" viewBox="0 0 100 50" version="1.1" id="svg5"
   inkscape:version="1.3 (0e150ed6c4, 2023-07-21)" sodipodi:docname="drawing.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <sodipodi:namedview id="namedview7" pagecolor="#ffffff" inkscape:zoom="0.7" inkscape:current-layer="layer1" />
  <metadata><rdf:RDF><cc:Work rdf:about=""><dc:title>Drawing</dc:title></cc:Work></rdf:RDF></metadata>
  <defs id="defs2" />
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
    <svg:rect style="fill:#6366f1;stroke:none" id="rect1" width="60" height="30" x="20" y="10" />
  </g>
</svg>
`,
    ],
    [
      'Figma (clip path, embedded PNG, filter)',
      `<svg width="40" height="40" viewBox="0 0 40 40" fill="none" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
<g clip-path="url(#clip0_1_2)" filter="url(#filter0_d_1_2)">
<rect width="40" height="40" rx="8" fill="#EEF2FF"/>
<rect x="4" y="4" width="32" height="32" fill="url(#pattern0)"/>
</g>
<defs>
<filter id="filter0_d_1_2" x="0" y="0" width="40" height="44" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">
<feFlood flood-opacity="0" result="BackgroundImageFix"/>
<feOffset dy="4"/><feGaussianBlur stdDeviation="2"/>
<feBlend mode="normal" in2="BackgroundImageFix" result="effect1_dropShadow_1_2"/>
</filter>
<pattern id="pattern0" patternContentUnits="objectBoundingBox" width="1" height="1"><use xlink:href="#image0_1_2" transform="scale(1)"/></pattern>
<clipPath id="clip0_1_2"><rect width="40" height="40" fill="white"/></clipPath>
<image id="image0_1_2" width="1" height="1" xlink:href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="/>
</defs>
</svg>
`,
    ],
  ];

  it.each(EXPORTS)('passes a typical %s export unchanged, and it rasterises', async (_name, text) => {
    expect(sanitizeSvg(text)).toEqual({ ok: true, svg: text });
    const meta = await sharp(Buffer.from(text)).metadata();
    expect(meta.format).toBe('svg');
  });

  it('reads a 7 MB drawing of 90,000 elements in linear time, and a long non-matching data URI does not backtrack', () => {
    // CPU time of this process, not wall time: a busy machine slows the clock, not the work.
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    const big = svg('<g>' + '<rect x="1" y="2" width="3" height="4" fill="url(#g)" style="stroke:#000"/>\n'.repeat(90_000) + '</g>');
    let started = process.cpuUsage();
    expect(sanitizeSvg(big).ok).toBe(true);
    expect(cpuMs(started)).toBeLessThan(3000);
    const uri = svg(`<image href="data:image/png;base64,${'A'.repeat(1000)}${' '.repeat(200_000)}!"/>`);
    started = process.cpuUsage();
    expect(sanitizeSvg(uri)).toMatchObject({ ok: false, reason: expect.stringMatching(/link to "data:image\/png/) });
    expect(cpuMs(started)).toBeLessThan(1000);
  });

  it('drops a DOCTYPE that only names the external SVG 1.1 DTD, and nothing else', () => {
    const body = svg('<rect width="10" height="10"/>');
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${body}`;
    expect(sanitizeSvg(text)).toEqual({ ok: true, svg: `<?xml version="1.0" encoding="UTF-8"?>\n${body}` });
  });

  it('keeps local references, safe animations, entities and text that merely mentions scripts', () => {
    const text = svg(
      '<title>How the onboarding &amp; JavaScript survey went</title><desc aria-label="metadata: none">x</desc><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)" style="filter: url( \'#g\' )"><animate attributeName="opacity" values="0;1" dur="1s"/></rect>' +
        '<a href="#top"><text>&#169; 2026 &lt;draft&gt;</text></a>',
    );
    expect(sanitizeSvg(text)).toEqual({ ok: true, svg: text });
  });
});
