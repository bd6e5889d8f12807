import type { HomeOrder } from '~/content/home-sections';
import type { Look } from './look';
import { HOME_FORM } from './home-form';

/**
 * Where the Look page's preview frames come from: her home page, her work
 * alone (the home page's case studies, which a frame of the whole page,
 * showing its top, does not reach), or a case study, drawn by the server in
 * the look the address carries
 * (routes/admin.content.api.$.look-preview.server.tsx), in one scheme.
 */

export const LOOK_PREVIEW_PAGES = ['home', 'work', 'case-study'] as const;
export type LookPreviewPage = (typeof LOOK_PREVIEW_PAGES)[number];
export type ShownScheme = 'light' | 'dark';

export const LOOK_PREVIEW_PATH = '/admin/content/api/look-preview';

/** `home`: the home page's sections as she is arranging them (the home page's frames draw them so). */
export function lookPreviewHref(look: Look, page: LookPreviewPage, shown: ShownScheme, home?: HomeOrder): string {
  const query = new URLSearchParams({
    accent: look.accent,
    neutral: look.neutral,
    shape: look.shape,
    scheme: look.scheme,
    typeface: look.typeface,
    workLayout: look.workLayout,
    portraitOnPhones: String(look.portraitOnPhones),
    shown,
  });
  if (home && page === 'home') {
    query.set(HOME_FORM.order, home.order.join(','));
    query.set(HOME_FORM.hidden, home.hidden.join(','));
  }
  return `${LOOK_PREVIEW_PATH}/${page}?${query.toString()}`;
}

/** The schemes her visitors will see: both when the site follows their device, else the one it keeps. */
export function shownSchemes(look: Pick<Look, 'scheme'>): ShownScheme[] {
  return look.scheme === 'system' ? ['light', 'dark'] : [look.scheme];
}
