import { getSite } from '~/content/content.server';
import { DEFAULT_LOOK, type Look, type Scheme } from './look';
import { lookCss } from './look-css';
import { typefacePreloads } from './typeface-css';

/**
 * What a page needs of her look: the CSS of its inline style ('' for the
 * original look), the scheme it forces, if any, and the font files its
 * first view draws with, to preload.
 */
export type PageLook = { css: string; scheme: Scheme; fonts: string[] };

/** Content compiled before looks existed (a live version published earlier) has none: the original look. */
export function currentLook(): Look {
  return { ...DEFAULT_LOOK, ...getSite().look };
}

export function pageLook(): PageLook {
  const look = currentLook();
  return { css: lookCss(look), scheme: look.scheme, fonts: typefacePreloads(look.typeface).map((file) => file.url) };
}

/** A font preload: crossorigin, as fonts are always fetched in CORS mode (without it the file would be fetched twice). */
export const fontPreload = (href: string) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin="anonymous">`;

/** The `<html>` attribute, and the font preloads and `<style>` of the look, for pages rendered outside root.tsx (the editor's preview). */
export function lookHead({ css, scheme, fonts }: PageLook): { htmlAttributes: string; style: string } {
  return {
    htmlAttributes: scheme === 'system' ? '' : ` data-scheme="${scheme}"`,
    style: css ? `${fonts.map(fontPreload).join('')}<style data-look>${css}</style>` : '',
  };
}

/**
 * A document root.tsx rendered without its loader's data (an error the
 * router answers before any loader runs) has no look: put it in, so an
 * error page wears her colours too.
 */
export function withLook(html: string): string {
  if (html.includes('<style data-look')) return html;
  const { htmlAttributes, style } = lookHead(pageLook());
  if (!style) return html;
  return html
    .replace(/<html\b([^>]*)>/, (tag, attributes: string) =>
      attributes.includes('data-scheme') ? tag : `<html${attributes}${htmlAttributes}>`,
    )
    .replace('</head>', `${style}</head>`);
}
