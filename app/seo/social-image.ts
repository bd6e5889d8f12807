import type { CaseStudy, Page, Resume, Site } from '~/content/schema';

/**
 * The sharing cards (og:image) of each page, described once: the build draws
 * them from these (pipeline/social-images.ts) and the pages' meta tags point at
 * them with the same path and alt text (the loaders build those on the
 * server, through app/seo/meta.ts). No Node APIs: the build script runs it too.
 */

export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;
/** Where the PNGs are written, under public/ (generated at build, gitignored). */
export const SOCIAL_IMAGE_DIR = 'social';

export type SocialStat = { value: string; label: string };

export type SocialCard = {
  /** Site path of the PNG, e.g. /social/home.png */
  path: string;
  /** The line under the designer's name. */
  byline: string;
  /** Small label above the title. */
  eyebrow: string;
  title: string;
  detail?: string;
  /** At most two figures shown at the bottom. */
  stats: SocialStat[];
  /** og:image:alt: says what the image shows. */
  alt: string;
};

const imagePath = (name: string) => `/${SOCIAL_IMAGE_DIR}/${name}.png`;

export function homeSocialCard(site: Pick<Site, 'name' | 'role' | 'hero' | 'about'>): SocialCard {
  const stats = site.about.highlights.slice(0, 2);
  return {
    path: imagePath('home'),
    byline: site.role,
    eyebrow: 'Portfolio',
    title: site.hero.title,
    stats,
    alt: `${site.name}, ${site.role}: “${site.hero.title}”${stats.length ? ` (${stats.map((s) => `${s.value} ${s.label}`).join(', ')})` : ''}`,
  };
}

/** A private case study's card shows its title only: its page's figures are behind the password. */
export function caseStudySocialCard(
  caseStudy: Pick<CaseStudy, 'slug' | 'title' | 'page' | 'private'>,
  author: { name: string; role: string },
): SocialCard {
  const stats = caseStudy.private ? [] : caseStudy.page.outcomes.slice(0, 2);
  return {
    path: imagePath(`case-study-${caseStudy.slug}`),
    byline: author.role,
    eyebrow: 'Case study',
    title: caseStudy.title,
    stats,
    alt: `${caseStudy.title}, a case study by ${author.name}${stats.length ? `: ${stats.map((s) => `${s.label} ${s.value}`).join(', ')}` : ''}`,
  };
}

/** A page of her own: its title and description; its picture is hers, or her profile photo. */
export function pageSocialCard(page: Pick<Page, 'slug' | 'title' | 'description'>, author: { name: string; role: string }): SocialCard {
  return {
    path: imagePath(`page-${page.slug}`),
    byline: author.role,
    eyebrow: author.name,
    title: page.title,
    detail: page.description,
    stats: [],
    alt: `${page.title}, a page by ${author.name}: ${page.description}`,
  };
}

/** `highlights` (the site's, e.g. "12+ years in UX") only decorate the image; the alt text does not need them. */
export function resumeSocialCard(
  name: string,
  resume: Pick<Resume, 'headline' | 'location' | 'experience'>,
  highlights: SocialStat[] = [],
): SocialCard {
  const companies = [...new Set(resume.experience.map((role) => role.company))];
  const list = companies.length > 1 ? `${companies.slice(0, -1).join(', ')} and ${companies.at(-1)}` : companies[0];
  return {
    path: imagePath('resume'),
    byline: resume.location,
    eyebrow: 'Resume',
    title: resume.headline,
    detail: `Experience at ${list}`,
    stats: highlights.slice(0, 2),
    alt: `Resume of ${name}, ${resume.headline} in ${resume.location}`,
  };
}
