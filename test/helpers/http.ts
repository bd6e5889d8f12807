/** Small helpers for talking to the built server over real HTTP. */

/** A document POST to the `/` action, as a browser without JavaScript sends it. */
export function postForm(baseUrl: string, body: URLSearchParams | string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/?index`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
    body: body.toString(),
    redirect: 'manual',
  });
}

/** The error text rendered next to a field, or undefined. */
export function fieldErrorIn(html: string, field: string): string | undefined {
  const match = new RegExp(`<p id="contact-${field}-error"[^>]*>.*?<span>(.*?)</span></p>`, 's').exec(html);
  return match ? decodeEntities(match[1]) : undefined;
}

/** The value rendered into a field (input value or textarea text), or undefined. */
export function fieldValueIn(html: string, field: string): string | undefined {
  const input = new RegExp(`<input[^>]*\\bid="contact-${field}"[^>]*>`, 's').exec(html)?.[0];
  if (input) {
    const value = /\bvalue="([^"]*)"/.exec(input);
    return value ? decodeEntities(value[1]) : '';
  }
  const textarea = new RegExp(`<textarea[^>]*\\bid="contact-${field}"[^>]*>(.*?)</textarea>`, 's').exec(html);
  return textarea ? decodeEntities(textarea[1]) : undefined;
}

/** The inline notice (no-JS answer): its variant and text, or undefined. */
export function noticeIn(html: string): { variant: string; text: string } | undefined {
  const match = /<div([^>]*\bdata-testid="contact-notice"[^>]*)>(.*?)<\/div>/s.exec(html);
  if (!match) return undefined;
  const variant = /\bdata-variant="(\w+)"/.exec(match[1])?.[1] ?? '';
  return {
    variant,
    text: decodeEntities(
      match[2]
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&amp;/g, '&');
}
