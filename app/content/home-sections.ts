/**
 * The home page's sections, in her order (site.yml's `home:`). Plain data
 * and functions, no imports: the schema, the pages, the menu and the Look
 * page's panel (in the browser too) read the same list.
 */

/** Their names in site.yml, in the order the site always had (her pages' teasers, newer, hidden until she shows them). */
export const HOME_SECTIONS = ['hero', 'about', 'highlights', 'case-studies', 'pages', 'contact'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** The names her screens give them. */
export const HOME_SECTION_NAMES: Record<HomeSection, string> = {
  hero: 'Introduction',
  about: 'About you',
  highlights: 'Highlights (your figures)',
  'case-studies': 'Case studies',
  pages: 'Your pages (a teaser of each)',
  contact: 'Contact',
};

export type HomeOrder = { order: HomeSection[]; hidden: HomeSection[] };

/** The sections a site.yml written before they existed may leave out: each is added hidden, before contact. */
export const NEWER_SECTIONS: readonly HomeSection[] = ['pages'];

export const DEFAULT_HOME: HomeOrder = { order: [...HOME_SECTIONS], hidden: [...NEWER_SECTIONS] };

/** `home` with every newer section it leaves out added, hidden, before contact (or last): the page it always showed. */
export function withNewerSections(home: HomeOrder): HomeOrder {
  const missing = NEWER_SECTIONS.filter((section) => !home.order.includes(section));
  if (missing.length === 0) return home;
  const order = [...home.order];
  const contact = order.indexOf('contact');
  order.splice(contact < 0 ? order.length : contact, 0, ...missing);
  return { order, hidden: HOME_SECTIONS.filter((section) => home.hidden.includes(section) || missing.includes(section)) };
}

export const isHomeSection = (value: unknown): value is HomeSection => HOME_SECTIONS.includes(value as HomeSection);

/** The sections the home page shows, in her order. */
export function shownSections(home: HomeOrder): HomeSection[] {
  return home.order.filter((section) => !home.hidden.includes(section));
}

/** The contact page (/contact) is the form's place when the home page does not show it. */
export const CONTACT_PAGE_PATH = '/contact';

/** Where the site's links to the contact form point. */
export function contactHref(home: HomeOrder): string {
  return home.hidden.includes('contact') ? CONTACT_PAGE_PATH : '/#contact';
}

/** What the header and the phone menu need: which of the home page's sections they link to, and where Contact goes. */
export type HomeNav = { caseStudies: boolean; contact: string };

export function homeNav(home: HomeOrder): HomeNav {
  return { caseStudies: !home.hidden.includes('case-studies'), contact: contactHref(home) };
}

/** Her sentence where she hides the contact section: what happens to the form. */
export const CONTACT_MOVES_NOTE = 'Your contact form moves to its own page, /contact; the menu’s Contact button goes there.';

/** The order after a move of one row up or down (the hero stays first: nothing moves above or past it). */
export function moveSection(home: HomeOrder, section: HomeSection, direction: 'up' | 'down'): HomeOrder {
  const order = [...home.order];
  const at = order.indexOf(section);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (section === 'hero' || at < 0 || to < 1 || to >= order.length) return home;
  [order[at], order[to]] = [order[to]!, order[at]!];
  return { ...home, order };
}

export function showSection(home: HomeOrder, section: HomeSection, show: boolean): HomeOrder {
  if (section === 'hero') return home;
  const hidden = home.hidden.filter((name) => name !== section);
  return { ...home, hidden: show ? hidden : HOME_SECTIONS.filter((name) => hidden.includes(name) || name === section) };
}

export const isDefaultHome = (home: HomeOrder) =>
  home.hidden.length === DEFAULT_HOME.hidden.length &&
  home.hidden.every((section) => DEFAULT_HOME.hidden.includes(section)) &&
  home.order.every((section, at) => section === DEFAULT_HOME.order[at]);
