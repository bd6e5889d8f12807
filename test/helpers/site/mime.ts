/**
 * Just enough of RFC 5322/2045/2047 to read what nodemailer writes: unfolded
 * headers, encoded words, multipart/alternative, quoted-printable and base64.
 * Deliberately strict: anything unexpected throws, so a malformed mail fails
 * the test instead of parsing to something vaguely plausible.
 */

export type ParsedMail = {
  header: (name: string) => string | undefined;
  headerNames: string[];
  text: string;
  html: string;
};

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) throw new Error('no blank line between headers and body');
  const head = raw.slice(0, match.index).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`malformed header line: ${JSON.stringify(line)}`);
    const name = line.slice(0, colon).trim().toLowerCase();
    // Repeated headers are kept joined, so a test can see an injected duplicate.
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}\n${value}` : value);
  }
  return { headers, body: raw.slice(match.index + match[0].length) };
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text.charAt(i), 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === '7bit' || encoding === '8bit') return part.body;
  throw new Error(`unexpected transfer encoding ${encoding}`);
}

/** `=?UTF-8?Q?Ad=C3=A1?=` and `=?UTF-8?B?...?=` → text. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function collect(part: Part, into: { text: string; html: string }) {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/')) {
    if (!boundary) throw new Error('multipart without boundary');
    const sections = part.body.split(`--${boundary}`);
    if (!sections.at(-1)?.startsWith('--')) throw new Error('multipart without closing boundary');
    for (const section of sections.slice(1, -1)) collect(splitPart(section.replace(/^\r?\n/, '')), into);
    return;
  }
  const body = decodeBody(part).replace(/\r?\n$/, '');
  if (type.toLowerCase().startsWith('text/html')) into.html += body;
  else if (type.toLowerCase().startsWith('text/plain')) into.text += body;
  else throw new Error(`unexpected part type ${type}`);
}

export function parseMail(raw: string): ParsedMail {
  const root = splitPart(raw);
  const bodies = { text: '', html: '' };
  collect(root, bodies);
  return {
    header: (name) => {
      const value = root.headers.get(name.toLowerCase());
      return value === undefined ? undefined : decodeWords(value);
    },
    headerNames: [...root.headers.keys()],
    text: bodies.text.replace(/\r\n/g, '\n'),
    html: bodies.html.replace(/\r\n/g, '\n'),
  };
}
