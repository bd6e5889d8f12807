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
