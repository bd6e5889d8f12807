/**
 * The first-run guide's steps, from what is true of the site (gathered by
 * steps.server.ts). Pure, so the rules are tested without a server;
 * the words are the designer's: what a step is about and what to do next.
 */

import { ownDomain } from '~/http/own-domain';

export { ownDomain };

// Publishing first: on Netlify, nothing else can go live until it is connected. The password only while a case study is private.
export const SETUP_STEP_NAMES = [
  'publishing',
  'name-and-email',
  'photo',
  'resume',
  'first-case-study',
  'private-password',
  'look',
  'mail',
  'domain',
] as const;
export type SetupStepName = (typeof SETUP_STEP_NAMES)[number];

export type SetupStep = {
  name: SetupStepName;
  title: string;
  done: boolean;
  optional: boolean;
  /** Where the step is done: an editor page, the publishing page, or the guide's own instructions. */
  href: string;
  /** One short sentence: what is left, or what is now true. */
  hint: string;
};

/** What the steps are ticked by. */
export type SetupFacts = {
  /** Ids of what the site still holds (null: its content could not be read just now) of the sample ("site.name", "resume.skills", "case-study.<slug>"…), as the "Make it yours" list names them. */
  leftovers: string[] | null;
  /** Slugs of the case studies on the site (published or coming soon). */
  caseStudies: string[];
  /** How many of them are private. */
  privateCaseStudies: number;
  /** A password opens private case studies (set here, or in Netlify's settings). */
  privatePasswordSet: boolean;
  publishingReady: boolean;
  /** A mail account is set up for the contact form's messages. */
  mailConfigured: boolean;
  /** A message has already gone out by e-mail. */
  mailDelivered: boolean;
  /** The site's public address as set up, if any (SITE_URL, or the host's own). */
  siteUrl: string | null;
  /** The site wears a look of her own (colours, typeface, corners or scheme), not the original one. */
  lookChosen: boolean;
};

export const SETUP_GUIDE_PATH = '/admin/setup';
const SITE = '/admin/content/site.yml';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many.replace('#', String(count)));

export function setupStepsFrom(facts: SetupFacts): SetupStep[] {
  if (facts.leftovers === null) return unread(setupStepsFrom({ ...facts, leftovers: [] }));
  const left = new Set(facts.leftovers);
  const sampleName = left.has('site.name');
  const sampleEmail = left.has('site.email');
  const resumeLeft = facts.leftovers.filter((id) => id.startsWith('resume.')).length;
  const ownStudies = facts.caseStudies.filter((slug) => !left.has(`case-study.${slug}`)).length;
  const domain = ownDomain(facts.siteUrl);
  const mailDone = facts.mailConfigured || facts.mailDelivered;

  return [
    {
      name: 'publishing',
      title: 'Connect publishing',
      done: facts.publishingReady,
      optional: false,
      href: '/admin/publishing',
      hint: facts.publishingReady
        ? 'What you publish here goes live on your site.'
        : 'Do this first: until it is connected, the changes you make here cannot go live.',
    },
    {
      name: 'name-and-email',
      title: 'Your name and e-mail',
      done: !sampleName && !sampleEmail,
      optional: false,
      href: `${SITE}#field-${sampleName || !sampleEmail ? 'name' : 'email'}`,
      hint:
        sampleName && sampleEmail
          ? 'Your site still shows the sample designer’s name and e-mail address.'
          : sampleName
            ? 'Your site still shows the sample designer’s name.'
            : sampleEmail
              ? 'Messages from your contact form would still go to the sample designer’s address.'
              : 'Your name is on every page, and messages come to your address.',
    },
    {
      name: 'photo',
      title: 'Your photo',
      done: !left.has('site.photos.profile'),
      optional: false,
      href: `${SITE}#image-field-photos-profile`,
      hint: left.has('site.photos.profile')
        ? 'The portrait on your home page is still the sample designer’s.'
        : 'The portrait on your home page is yours.',
    },
    {
      name: 'resume',
      title: 'Your resume',
      done: resumeLeft === 0,
      optional: false,
      href: '/admin/content/resume.mdx',
      hint:
        resumeLeft === 0
          ? 'Your resume tells your own story.'
          : plural(
              resumeLeft,
              'One part of your resume is still the sample designer’s.',
              '# parts of your resume are still the sample designer’s.',
            ),
    },
    {
      name: 'first-case-study',
      title: 'Your first case study',
      done: ownStudies > 0,
      optional: false,
      href: '/admin/content#new-case-study-title',
      hint:
        ownStudies > 0
          ? plural(ownStudies, 'One case study on your site is your own.', '# case studies on your site are your own.')
          : 'Tell the story of one project of yours. It stays a draft until you publish it.',
    },
    ...(facts.privateCaseStudies > 0
      ? [
          {
            name: 'private-password' as const,
            title: 'A password for your private work',
            done: facts.privatePasswordSet,
            optional: false,
            href: '/admin/settings/private',
            hint: facts.privatePasswordSet
              ? 'The people you give the password to can read your private case studies.'
              : plural(
                  facts.privateCaseStudies,
                  'One case study is private, and no password opens it yet: its page only says how to ask you for access.',
                  '# case studies are private, and no password opens them yet: their pages only say how to ask you for access.',
                ),
          },
        ]
      : []),
    {
      name: 'look',
      title: 'Your look',
      done: facts.lookChosen,
      optional: true,
      href: '/admin/look',
      hint: facts.lookChosen
        ? 'Your site wears your own colour, typeface and corners.'
        : 'Your site still has the original colour, typeface and corners. Choose your own.',
    },
    {
      name: 'mail',
      title: 'Messages by e-mail',
      done: mailDone,
      optional: true,
      href: '/admin/settings/mail',
      hint: mailDone
        ? 'Messages from your contact form also reach your e-mail.'
        : 'Messages are kept in your inbox here. They can also come to your e-mail.',
    },
    {
      name: 'domain',
      title: 'Your own domain',
      done: domain !== null,
      optional: true,
      href: '/admin/settings/domain',
      hint: domain ? `Your site lives at ${domain}.` : 'Give your site an address of your own, like yourname.com.',
    },
  ];
}

const CONTENT_STEPS: SetupStepName[] = ['name-and-email', 'photo', 'resume', 'first-case-study'];

/** Content that could not be read ticks nothing: its steps stay open and say why. */
function unread(steps: SetupStep[]): SetupStep[] {
  return steps.map((step) =>
    CONTENT_STEPS.includes(step.name)
      ? { ...step, done: false, hint: 'Your site’s content could not be read just now. Reload this page in a minute.' }
      : step,
  );
}

/** Done and total of the required steps: what the progress line counts. */
export function setupProgress(steps: Pick<SetupStep, 'done' | 'optional'>[]): { done: number; total: number; complete: boolean } {
  const required = steps.filter((step) => !step.optional);
  const done = required.filter((step) => step.done).length;
  return { done, total: required.length, complete: done === required.length };
}
