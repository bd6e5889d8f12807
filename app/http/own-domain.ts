/**
 * An address of the designer's own: not the host's free one (*.netlify.app,
 * *.netlify.live) and not this computer. Its host name, lower case, or null.
 */
export function ownDomain(siteUrl: string | null | undefined): string | null {
  if (!siteUrl?.trim()) return null;
  let host: string;
  try {
    host = new URL(siteUrl.trim()).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
  const local =
    host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '0.0.0.0';
  const free = host === 'netlify.app' || host.endsWith('.netlify.app') || host.endsWith('.netlify.live');
  // An address given by number is nobody's domain.
  const numeric = /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith('[');
  return local || free || numeric || !host.includes('.') ? null : host;
}
