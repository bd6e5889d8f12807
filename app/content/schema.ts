import { z } from 'zod';
import { parseFocalPoint } from './focal-point';
import { DEFAULT_LOOK, HEX_COLOUR, NEUTRALS, SCHEMES, SHAPES, TYPEFACES, WORK_LAYOUTS } from '~/look/look';
import { DEFAULT_HOME, HOME_SECTIONS, NEWER_SECTIONS, withNewerSections } from './home-sections';
import { ABOUT_WORDS, HERO_WORDS } from './site-words';
import { SITE_WORD_GROUPS, words } from './site-words-schema';

/**
 * Schemas for everything under content/. They are the boundary between the
 * designer's files and the code: a file that does not match stops the build
 * (and the dev server) with a message naming the file and the field.
 */

const nonEmpty = z.string().trim().min(1, 'must not be empty');

/** Years and figures: YAML reads `year: 2012` as a number, which is fine too. */
const textOrNumber = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), nonEmpty);

/**
 * Where an image file is. Either beside the content, relative to the file
 * that names it (`./images/photo.jpg` in site.yml is content/images/photo.jpg;
 * `./my-project/card.png` in a case study is content/case-studies/my-project/card.png),
 * which is where the editor's uploads go; or, as sites made before uploads
 * have it, a file under public/ (`/images/photo.svg`). Either way the build
 * reads the file, its pixel size and makes its responsive variants.
 */
export const IMAGE_PATH = /^(?:\/(?!\/)[\w./-]+|\.\.?\/[^?#\\\r\n]+)$/;
export const imagePath = z
  .string()
  .trim()
  .regex(IMAGE_PATH, 'must be a file beside the content, e.g. ./images/photo.jpg, or a site path starting with "/", e.g. /images/photo.svg');

const httpsUrl = z.string().url('must be a full URL').startsWith('https://', 'must start with https://');

/** Pixel sizes are read from the file at build; typed ones are still accepted (and the file's own win). */
const pixels = z.number().int().positive().optional();

/**
 * The part of a photo that stays in frame wherever the site crops it
 * (focal-point.ts): two percentages, across then down. Optional: without
 * it, the centre.
 */
export const focalPoint = z
  .string()
  .trim()
  .refine((text) => parseFocalPoint(text) !== null, {
    message: 'must be two percentages, across then down from the top left, such as "50% 30%" (the centre is "50% 50%")',
  })
  .optional()
  .describe('Focal point');

export const imageSchema = z.object({
  src: imagePath,
  alt: nonEmpty,
  focus: focalPoint,
  width: pixels,
  height: pixels,
});

/**
 * Her site's colours and shape, and how her home page lays out her work and
 * her portrait (app/look/): every field optional, and a
 * site.yml without a look is the site as it always was. The accent is any
 * colour; the site keeps it readable (app/look/palette.ts).
 */
const choice = <Values extends readonly [string, ...string[]]>(values: Values, fallback: Values[number], label: string) =>
  z.enum(values).default(fallback as never).describe(label);

export const lookSchema = z
  .object({
    accent: z
      .string()
      .trim()
      .regex(HEX_COLOUR, 'must be a colour as a hex code: a # and six (or three) digits or letters a–f, such as "#0d9488"')
      .default(DEFAULT_LOOK.accent)
      .describe('Accent colour'),
    neutral: choice(NEUTRALS, DEFAULT_LOOK.neutral, 'Greys'),
    shape: choice(SHAPES, DEFAULT_LOOK.shape, 'Corners'),
    scheme: choice(SCHEMES, DEFAULT_LOOK.scheme, 'Light or dark'),
    typeface: choice(TYPEFACES, DEFAULT_LOOK.typeface, 'Typeface'),
    workLayout: choice(WORK_LAYOUTS, DEFAULT_LOOK.workLayout, 'Layout of your work'),
    portraitOnPhones: z
      .boolean({ error: 'must be true (your portrait shows on phones too) or false (on wider screens only)' })
      .default(DEFAULT_LOOK.portraitOnPhones)
      .describe('Portrait on phones'),
  })
  .strict()
  .prefault({} as never)
  .describe('Look');

/**
 * The home page's sections in her order, and the ones it does not show
 * (app/content/home-sections.ts). Optional: a site.yml without it is the
 * home page as it always was. The introduction (hero) always shows, first.
 */
const homeSection = z.enum(HOME_SECTIONS);

export const homeSchema = z
  .object({
    order: z.array(homeSection).default([...DEFAULT_HOME.order]).describe('Sections, in their order'),
    hidden: z.array(homeSection).default([...DEFAULT_HOME.hidden]).describe('Sections not shown'),
  })
  .strict()
  .superRefine((home, context) => {
    home.order.forEach((section, at) => {
      if (home.order.indexOf(section) !== at)
        context.addIssue({ code: 'custom', path: ['order', at], message: `names "${section}" twice: each section comes once` });
    });
    if (home.order[0] !== 'hero')
      context.addIssue({ code: 'custom', path: ['order', 0], message: 'must start with "hero": the introduction always comes first' });
    const missing = HOME_SECTIONS.filter((section) => !home.order.includes(section) && !NEWER_SECTIONS.includes(section));
    if (missing.length > 0)
      context.addIssue({
        code: 'custom',
        path: ['order'],
        message: `must name every section once: ${missing.map((section) => `"${section}"`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (to hide one, list it under "hidden")`,
      });
    const hero = home.hidden.indexOf('hero');
    if (hero >= 0)
      context.addIssue({ code: 'custom', path: ['hidden', hero], message: 'cannot hide "hero": the introduction always shows' });
  })
  .transform(withNewerSections)
  .prefault({} as never)
  .describe('Home page sections');

export const siteSchema = z
  .object({
    name: nonEmpty,
    initials: z.string().trim().min(1).max(4, 'must be 1–4 characters'),
    role: nonEmpty,
    email: z.string().email('must be an e-mail address'),
    linkedin: httpsUrl,
    website: httpsUrl,
    location: nonEmpty,
    description: nonEmpty.max(170, 'must be at most 170 characters (search engines cut longer ones)'),
    hero: z
      .object({
        badge: nonEmpty,
        title: nonEmpty,
        subtitle: nonEmpty,
        workButton: words(HERO_WORDS.workButton, 'Button to the case studies'),
        contactButton: words(HERO_WORDS.contactButton, 'Button to the contact form'),
      })
      .strict(),
    about: z
      .object({
        eyebrow: words(ABOUT_WORDS.eyebrow, 'Small heading'),
        title: nonEmpty,
        paragraphs: z.array(nonEmpty).min(1),
        interestsTitle: words(ABOUT_WORDS.interestsTitle, 'Heading above the interests'),
        interests: z.array(nonEmpty).min(1),
        highlights: z.array(z.object({ value: textOrNumber, label: nonEmpty }).strict()).default([]),
      })
      .strict(),
    photos: z.object({ profile: imageSchema.strict(), about: imageSchema.strict() }).strict(),
    ...SITE_WORD_GROUPS,
    look: lookSchema,
    home: homeSchema,
  })
  .strict();

const outcomeSchema = z.object({ label: nonEmpty, value: nonEmpty }).strict();

const cardFields = {
  title: nonEmpty,
  description: nonEmpty,
  image: imagePath,
  alt: nonEmpty,
  /** The card image's focal point: the cards, the case study's header and its sharing image keep it in frame. */
  focus: focalPoint,
  tags: z.array(nonEmpty).min(1, 'needs at least one tag'),
  role: nonEmpty,
  timeline: nonEmpty,
  impact: nonEmpty,
  order: z.number().int(),
};

export const caseStudyFrontmatterSchema = z.discriminatedUnion('status', [
  z
    .object({
      ...cardFields,
      status: z.literal('published'),
      /** `private`: the page is locked behind PRIVATE_CASE_STUDY_PASSWORD; the card stays public. */
      visibility: z.enum(['public', 'private']).default('public'),
      /** The lock screen's note, e.g. how to ask for the password (private only). */
      lockedNote: nonEmpty.optional(),
      /** Details shown only on the case study page (they may differ from the card). */
      page: z
        .object({
          summary: nonEmpty,
          client: nonEmpty,
          timeline: nonEmpty,
          team: z.array(nonEmpty).min(1),
          outcomes: z.array(outcomeSchema).min(1),
        })
        .strict(),
    })
    .strict(),
  z.object({ ...cardFields, status: z.literal('coming-soon') }).strict(),
]).superRefine((study, context) => {
  if (study.status === 'published' && study.lockedNote !== undefined && study.visibility !== 'private') {
    context.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['lockedNote'],
      message: 'only a private case study has a lock screen: remove it, or add "visibility: private"',
    });
  }
});

export const resumeFrontmatterSchema = z
  .object({
    headline: nonEmpty,
    location: nonEmpty,
    experience: z
      .array(
        z
          .object({
            title: nonEmpty,
            company: nonEmpty,
            location: nonEmpty,
            years: textOrNumber,
            bullets: z.array(nonEmpty).min(1),
          })
          .strict(),
      )
      .min(1),
    education: z.array(z.object({ degree: nonEmpty, school: nonEmpty, year: textOrNumber }).strict()).min(1),
    skills: z.array(z.object({ group: nonEmpty, items: z.array(nonEmpty).min(1) }).strict()).min(1),
    certifications: z.array(z.object({ name: nonEmpty, issuer: nonEmpty, year: textOrNumber }).strict()),
    languages: z.array(z.object({ name: nonEmpty, level: nonEmpty }).strict()).min(1),
  })
  .strict();

/** A page's address (content/pages/<slug>.mdx is /<slug>): the names the site uses are refused where the file is compiled (reserved-names.ts). */
const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A page of her own (content/pages/<slug>.mdx): About, Writing, Speaking…
 * Always public: private work stays in private case studies. `menu` is its
 * place in the header menu (1 first), absent to keep it out of the menu.
 * `formerly` keeps the addresses it had before a rename: each answers 301 to
 * the new one, and travels with the page (deleted with it, restored with it).
 */
export const pageFrontmatterSchema = z
  .object({
    title: nonEmpty,
    description: nonEmpty.max(170, 'must be at most 170 characters (search engines cut longer ones)'),
    image: imagePath.optional(),
    alt: nonEmpty.optional(),
    focus: focalPoint,
    menu: z.number().int('must be a whole number, its place in the menu: 1 is first').positive('must be 1 or more: 1 is first').optional(),
    formerly: z.array(z.string().trim().regex(PAGE_SLUG, 'must be an earlier address of this page, such as "writing"')).default([]),
  })
  .strict()
  .superRefine((page, context) => {
    if ((page.image === undefined) !== (page.alt === undefined)) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: [page.image === undefined ? 'image' : 'alt'],
        message: 'a sharing image needs both "image" and "alt" (what the image shows), or neither',
      });
    }
  });

export type Image = z.infer<typeof imageSchema>;

/** `srcset` values of the AVIF and WebP variants made at build (pipeline/images.ts), e.g. "/generated/images/a-400.1f2e3d4c5b.avif 400w, …". */
export type ImageSources = { avif: string; webp: string };

/** An image as compiled: the original file as served (the `<img>` fallback), its size read from the file, and its generated variants. */
export type ResponsiveImage = Omit<Image, 'width' | 'height'> & { width: number; height: number; sources: ImageSources };

/** The site as compiled: each photo carries its generated variants. */
export type Site = Omit<z.infer<typeof siteSchema>, 'photos'> & {
  photos: { profile: ResponsiveImage; about: ResponsiveImage };
};
export type CaseStudyFrontmatter = z.infer<typeof caseStudyFrontmatterSchema>;
export type ResumeFrontmatter = z.infer<typeof resumeFrontmatterSchema>;

export type Section = { id: string; number: number; title: string };

type CardFields = Omit<Extract<CaseStudyFrontmatter, { status: 'coming-soon' }>, 'status'>;

/** What the home page needs for one card: never the compiled MDX. */
export type CaseStudyCard = CardFields & {
  slug: string;
  href: string | null;
  /** A published case study behind the password (the card itself is public). */
  private: boolean;
  imageWidth: number;
  imageHeight: number;
  /** Variants of `image` at card widths (on a CaseStudy: at full-width hero widths). */
  imageSources: ImageSources;
};

export type CaseStudy = CaseStudyCard & {
  href: string;
  /** The lock screen's note (private case studies; the site's e-mail by default). */
  lockedNote: string;
  page: Extract<CaseStudyFrontmatter, { status: 'published' }>['page'];
  sections: Section[];
  /** The story, compiled from MDX and rendered to HTML at build time. */
  html: string;
};

export type Resume = ResumeFrontmatter & { summaryHtml: string; summaryText: string };

export type PageFrontmatter = z.infer<typeof pageFrontmatterSchema>;

/** A page of her own as compiled: its story is HTML made at build or publish, never on a request. */
export type Page = Omit<PageFrontmatter, 'image' | 'alt' | 'focus'> & {
  slug: string;
  href: string;
  /** The sharing card's picture (served path and focal point), when she gave one. */
  image: { src: string; alt: string; focus?: string } | null;
  sections: Section[];
  html: string;
};

/** What the home page's teaser of a page shows: never its HTML. */
export type PageTeaser = { title: string; description: string; href: string };

/** What the header menu needs of a page: never its HTML. */
export type MenuPage = { title: string; href: string; menu: number };

/** The whole compiled content, as written at build time and read by loaders. */
export type CompiledContent = {
  site: Site;
  cards: CaseStudyCard[];
  caseStudies: Record<string, CaseStudy>;
  resume: Resume;
  /** Pages of her own by slug. Absent in content compiled before pages existed (a live version of then): none. */
  pages?: Record<string, Page>;
};
