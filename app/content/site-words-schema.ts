import { z } from 'zod';
import {
  CTA_WORDS,
  MORE_WORK_WORDS,
  CONTACT_WORDS,
  FOOTER_WORDS,
  LOCKED_WORDS,
  NOT_FOUND_WORDS,
  PAGES_WORDS,
  RESUME_PAGE_WORDS,
  SHARE_LINK_WORDS,
  SHARED_WORDS,
  WORK_WORDS,
} from './site-words';

/** The same rule as the rest of site.yml's texts (schema.ts): a word field is never empty. */
const nonEmpty = z.string().trim().min(1, 'must not be empty');

/**
 * The words around the designer's own content: headings, buttons and short
 * texts of the public pages. Every one is optional and defaults to the site's
 * original words, so a site.yml without them builds unchanged; the editor's
 * form shows the default in the empty field and, left empty, writes nothing.
 * `.describe()` is the label the editor's form shows.
 */
export const words = (fallback: string, label: string) => nonEmpty.default(fallback).describe(label);

/** A group of words: optional as a whole (zod's prefault runs the defaults inside it). */
const wordsGroup = <Shape extends z.ZodRawShape>(shape: Shape, label: string) => z.object(shape).strict().prefault({} as never).describe(label);

/** A section's heading words: the small heading, the heading and the text under it. */
const headingWords = (defaults: { eyebrow: string; title: string; subtitle: string }) => ({
  eyebrow: words(defaults.eyebrow, 'Small heading'),
  title: words(defaults.title, 'Heading'),
  subtitle: words(defaults.subtitle, 'Text under the heading'),
});

const workWords = headingWords(WORK_WORDS);

const contactWords = {
  ...headingWords(CONTACT_WORDS),
  linkedinLink: words(CONTACT_WORDS.linkedinLink, 'LinkedIn link'),
};

const moreWorkWords = {
  eyebrow: words(MORE_WORK_WORDS.eyebrow, 'Small heading'),
  title: words(MORE_WORK_WORDS.title, 'Heading'),
};

const ctaWords = {
  title: words(CTA_WORDS.title, 'Heading'),
  subtitle: words(CTA_WORDS.subtitle, 'Text'),
  button: words(CTA_WORDS.button, 'Button to the contact form'),
};

const resumePageWords = {
  backLink: words(RESUME_PAGE_WORDS.backLink, 'Link back to the home page'),
  download: words(RESUME_PAGE_WORDS.download, 'Download button'),
  summaryTitle: words(RESUME_PAGE_WORDS.summaryTitle, 'Summary heading'),
  experienceTitle: words(RESUME_PAGE_WORDS.experienceTitle, 'Experience heading'),
  educationTitle: words(RESUME_PAGE_WORDS.educationTitle, 'Education heading'),
  skillsTitle: words(RESUME_PAGE_WORDS.skillsTitle, 'Skills heading'),
  certificationsTitle: words(RESUME_PAGE_WORDS.certificationsTitle, 'Certifications heading'),
  languagesTitle: words(RESUME_PAGE_WORDS.languagesTitle, 'Languages heading'),
};

const footerWords = {
  rights: words(FOOTER_WORDS.rights, 'After the copyright'),
  privacy: words(FOOTER_WORDS.privacy, 'Privacy link'),
  backToTop: words(FOOTER_WORDS.backToTop, 'Back to top link'),
};

const notFoundWords = {
  title: words(NOT_FOUND_WORDS.title, 'Heading'),
  subtitle: words(NOT_FOUND_WORDS.subtitle, 'Text under the heading'),
  homeLink: words(NOT_FOUND_WORDS.homeLink, 'Button to the home page'),
};

/** Where a sentence names a value in braces, its label says which (site-words.ts, fillWords). */
const lockedWords = {
  title: words(LOCKED_WORDS.title, 'Heading'),
  note: words(LOCKED_WORDS.note, 'Note above the password, unless the case study has its own ({email}: your e-mail address)'),
  noPasswordNote: words(LOCKED_WORDS.noPasswordNote, 'Note while no password is set ({email}: your e-mail address)'),
  askButton: words(LOCKED_WORDS.askButton, 'Button to the contact form, while no password is set'),
};

const sharedWords = {
  eyebrow: words(SHARED_WORDS.eyebrow, 'Small heading'),
  title: words(SHARED_WORDS.title, 'Heading'),
  subtitleOne: words(SHARED_WORDS.subtitleOne, 'Text under the heading, for one case study ({name}: your name)'),
  subtitleMany: words(SHARED_WORDS.subtitleMany, 'Text under the heading, for several ({name}: your name, {count}: how many)'),
};

const shareLinkWords = {
  homeLink: words(SHARE_LINK_WORDS.homeLink, 'Button to your public work'),
  expiredTitle: words(SHARE_LINK_WORDS.expiredTitle, 'Expired or revoked link: heading'),
  expiredText: words(SHARE_LINK_WORDS.expiredText, 'Expired or revoked link: text ({name}, {email}: yours)'),
  unknownTitle: words(SHARE_LINK_WORDS.unknownTitle, 'Unknown link: heading'),
  unknownText: words(SHARE_LINK_WORDS.unknownText, 'Unknown link: text ({name}, {email}: yours)'),
  limitedTitle: words(SHARE_LINK_WORDS.limitedTitle, 'Too many tries: heading'),
  limitedText: words(SHARE_LINK_WORDS.limitedText, 'Too many tries: text'),
  unavailableTitle: words(SHARE_LINK_WORDS.unavailableTitle, 'Link not checked (a fault): heading'),
  unavailableText: words(SHARE_LINK_WORDS.unavailableText, 'Link not checked (a fault): text ({first name}, {email}: yours)'),
};

/** The groups of words, in the order the editor's form shows them (after the photos). */
export const SITE_WORD_GROUPS = {
  work: wordsGroup(workWords, 'Case studies section (home page)'),
  pagesSection: wordsGroup(headingWords(PAGES_WORDS), 'Your pages section (home page, when shown)'),
  contact: wordsGroup(contactWords, 'Contact section (home page)'),
  moreWork: wordsGroup(moreWorkWords, 'Other case studies (below a case study)'),
  cta: wordsGroup(ctaWords, 'Closing invitation (end of a case study)'),
  resumePage: wordsGroup(resumePageWords, 'Resume page'),
  footer: wordsGroup(footerWords, 'Footer'),
  notFound: wordsGroup(notFoundWords, 'Page not found (404)'),
  locked: wordsGroup(lockedWords, 'Private case study, before the password'),
  shared: wordsGroup(sharedWords, 'The case studies a share link opens'),
  shareLink: wordsGroup(shareLinkWords, 'A share link that does not open'),
};
