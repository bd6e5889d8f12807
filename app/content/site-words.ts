/**
 * The site's own words around the designer's content, as the site first shipped
 * them: the defaults of site.yml's optional word fields (schema.ts). Plain
 * constants, no zod, so a component can fall back on one (the footer of an
 * error page) without shipping the schema.
 */

export const HERO_WORDS = {
  workButton: 'View my work',
  contactButton: 'Get in touch',
} as const;

export const ABOUT_WORDS = {
  eyebrow: 'About',
  interestsTitle: 'When I’m not designing',
} as const;

export const WORK_WORDS = {
  eyebrow: 'Selected work',
  title: 'Case Studies',
  subtitle: 'How I turn research into products people love to use — and the numbers that moved because of it.',
} as const;

export const CONTACT_WORDS = {
  eyebrow: 'Contact',
  title: 'Let’s work together',
  subtitle: 'Hiring for a design role, or have a product that deserves a better experience? I’d love to hear about it.',
  linkedinLink: 'Connect on LinkedIn',
} as const;

export const PAGES_WORDS = {
  eyebrow: 'Beyond the case studies',
  title: 'More from me',
  subtitle: 'Writing, talks and the projects I make on the side.',
} as const;

export const MORE_WORK_WORDS = {
  eyebrow: 'Keep exploring',
  title: 'More case studies',
} as const;

export const CTA_WORDS = {
  title: 'Like what you see?',
  subtitle: 'I’m open to senior and lead product design roles.',
  button: 'Get in Touch',
} as const;

export const RESUME_PAGE_WORDS = {
  backLink: 'Back to Home',
  download: 'Download Resume',
  summaryTitle: 'Summary',
  experienceTitle: 'Professional Experience',
  educationTitle: 'Education',
  skillsTitle: 'Skills',
  certificationsTitle: 'Certifications',
  languagesTitle: 'Languages',
} as const;

export const FOOTER_WORDS = {
  rights: 'All rights reserved.',
  privacy: 'Privacy',
  backToTop: 'Back to top',
} as const;

/**
 * The words of the pages around her work that say why something is not
 * shown. A sentence may name, in braces, what the page fills in: {name} her
 * name, {first name} its first word, {email} her e-mail address (a link where
 * it shows), {count} how many case studies a link opens (fillWords).
 */
export const NOT_FOUND_WORDS = {
  title: 'Oops! Page not found',
  subtitle: 'The page you’re looking for doesn’t exist or has moved.',
  homeLink: 'Return to Home',
} as const;

export const LOCKED_WORDS = {
  title: 'This case study is private',
  note: 'This work is under NDA. Ask me for the password: {email}',
  noPasswordNote:
    'This work is under NDA, so it isn’t public. To ask for access, write to me at {email} or send me a message through the contact form.',
  askButton: 'Ask for access',
} as const;

export const SHARED_WORDS = {
  eyebrow: 'Shared with you',
  title: 'Work under NDA',
  subtitleOne: '{name} shared this case study with you. Please keep them to yourself and the people you hire with.',
  subtitleMany: '{name} shared these {count} case studies with you. Please keep them to yourself and the people you hire with.',
} as const;

export const SHARE_LINK_WORDS = {
  homeLink: 'See the public work',
  expiredTitle: 'This link has expired.',
  expiredText: 'Ask {name} for a new one: {email}.',
  unknownTitle: 'This link doesn’t open anything',
  unknownText: 'Check that the whole link was copied, or ask {name} for a new one: {email}.',
  limitedTitle: 'Too many tries',
  limitedText: 'Please wait a few minutes, then open the link from the message again.',
  unavailableTitle: 'The link can’t be checked right now',
  unavailableText: 'Please try again in a minute. If it keeps happening, write to {first name}: {email}.',
} as const;

/** What a sentence's braces may name. */
export type WordValues = { name?: string; 'first name'?: string; email?: string; count?: number };

/** A sentence cut at the values it names: text, and the key of each value in its place. A brace naming nothing known stays as typed. */
export function splitWords(text: string, values: WordValues): (string | { key: keyof WordValues; value: string })[] {
  return text
    .split(/(\{(?:name|first name|email|count)\})/)
    .filter((part) => part !== '')
    .map((part) => {
      const key = /^\{([\w ]+)\}$/.exec(part)?.[1] as keyof WordValues | undefined;
      const value = key ? values[key] : undefined;
      return key && value !== undefined ? { key, value: String(value) } : part;
    });
}

/** A sentence with its values filled in, as plain text. */
export const fillWords = (text: string, values: WordValues): string =>
  splitWords(text, values)
    .map((part) => (typeof part === 'string' ? part : part.value))
    .join('');
