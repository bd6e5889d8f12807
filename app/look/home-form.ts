import { HOME_SECTIONS, isHomeSection, moveSection, showSection, type HomeOrder, type HomeSection } from '~/content/home-sections';

/**
 * The Look page's "Home page sections" panel as a form: the order and the
 * hidden sections ride in two hidden fields, and each row's buttons are
 * submit buttons naming one change ("up:about", "hide:highlights"), so the
 * panel works as plain form posts without JavaScript. Shared by the page and
 * its action.
 */

export const HOME_FORM = { order: 'homeOrder', hidden: 'homeHidden', change: 'homeChange' } as const;

export const HOME_CHANGES = ['up', 'down', 'hide', 'show'] as const;
export type HomeChange = { change: (typeof HOME_CHANGES)[number]; section: HomeSection };

export const homeChangeValue = ({ change, section }: HomeChange) => `${change}:${section}`;

function readChange(value: string | null): HomeChange | null {
  const [change, section] = (value ?? '').split(':');
  const known = HOME_CHANGES.find((name) => name === change);
  return known && isHomeSection(section) ? { change: known, section } : null;
}

/** A list the form carries, when it is one the site accepts (every section once, the introduction first and shown). */
function readLists(order: string | null, hidden: string | null): HomeOrder | null {
  const sections = (order ?? '').split(',');
  const hiddenSections: string[] = (hidden ?? '').split(',').filter(Boolean);
  const valid =
    sections.length === HOME_SECTIONS.length &&
    HOME_SECTIONS.every((section) => sections.includes(section)) &&
    sections[0] === 'hero' &&
    hiddenSections.every((section) => isHomeSection(section) && section !== 'hero');
  if (!valid) return null;
  return {
    order: sections as HomeSection[],
    hidden: HOME_SECTIONS.filter((section) => (hiddenSections as string[]).includes(section)),
  };
}

/** The sections the form holds after the change its button names; `fallback` where the fields are missing or were tampered with. */
export function readHomeForm(get: (name: string) => string | null, fallback: HomeOrder): { home: HomeOrder; change: HomeChange | null } {
  const home = readLists(get(HOME_FORM.order), get(HOME_FORM.hidden)) ?? fallback;
  const change = readChange(get(HOME_FORM.change));
  if (!change) return { home, change: null };
  const { section } = change;
  const next =
    change.change === 'up' || change.change === 'down'
      ? moveSection(home, section, change.change)
      : showSection(home, section, change.change === 'show');
  return { home: next, change };
}
