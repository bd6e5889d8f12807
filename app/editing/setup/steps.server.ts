import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mailHealth } from '~/contact/inbox.server';
import { currentMailTransport } from '~/contact/mail-account.server';
import { getCaseStudyCards, getResume, getSite } from '~/content/content.server';
import { configuredSiteUrl } from '~/http/site-url.server';
import { CASE_STUDY_DIR, describeContentFile, RESUME_FILE, SITE_FILE, type ContentItem } from '~/editing/content-list/catalog.server';
import { CONTENT_DIR } from '~/editing/documents/content-path.server';
import type { Outcome } from '~/editing/documents/outcome';
import { blobIdOf } from '~/editing/git/publish-plan.server';
import { branchTip, filesAtTip } from '~/editing/git/read.server';
import type { PublishConfig } from '~/editing/git/publish-config.server';
import { getPublishingStatus, resolvePublishConfig } from '~/editing/connection/publishing.server';
import { privatePasswordState } from '~/access/private-access.server';
import { sampleFingerprints, sampleLeftovers } from './sample-check.server';
import { findSampleLeftovers, repoPathOfImage, type ContentSnapshot, type SampleItem } from './sample-leftovers.server';
import { setupStepsFrom, type SetupStep } from './steps';
import { currentLook } from '~/look/look.server';
import { isDefaultLook } from '~/look/look';

export type { SetupStep } from './steps';

/**
 * The first-run guide, ticked by what is true: the content's steps by the
 * "Make it yours" list (what still matches the sample's fingerprints), read
 * from the published branch as that list reads it; when the branch cannot be
 * read (publishing not connected yet), from the content the site serves.
 */

export type SetupState = {
  steps: SetupStep[];
  /** The "Make it yours" list; null when the site's content could not be compared. */
  leftovers: SampleItem[] | null;
};

export async function setupSteps(): Promise<SetupStep[]> {
  return (await setupState()).steps;
}

export async function setupState(): Promise<SetupState> {
  const [content, mail, publishing, password] = await Promise.all([
    contentFacts(),
    mailFacts(),
    getPublishingStatus(),
    privatePasswordState(),
  ]);
  const steps = setupStepsFrom({
    leftovers: content.leftovers?.map((item) => item.id) ?? null,
    caseStudies: content.caseStudies,
    privateCaseStudies: content.privateCaseStudies,
    privatePasswordSet: password.source === 'settings' || password.source === 'owner-area',
    // Publishing works: a connection made here, settings in Netlify, or (npm start) commits to the checkout.
    publishingReady: publishing.state === 'connected' || publishing.state === 'from-settings' || publishing.state === 'local',
    ...mail,
    siteUrl: configuredSiteUrl() ?? null,
    lookChosen: lookChosen(),
  });
  return { steps, leftovers: content.leftovers };
}

/** The look the site serves: a publish shows here as soon as it is live. */
function lookChosen(): boolean {
  try {
    return !isDefaultLook(currentLook());
  } catch {
    return false;
  }
}

async function mailFacts(): Promise<{
  mailConfigured: boolean;
  mailDelivered: boolean;
}> {
  // Netlify's settings, or an account kept in /admin/settings/mail (read never throws).
  const mailConfigured = (await currentMailTransport()).source !== 'none';
  // The guide never stands in the way of the overview: without the messages' table, nothing was delivered.
  const delivered = await mailHealth().then(
    (health) => health.lastDeliveredAt !== null,
    () => false,
  );
  return { mailConfigured, mailDelivered: delivered };
}

type ContentFacts = { leftovers: SampleItem[] | null; caseStudies: string[]; privateCaseStudies: number };

/**
 * The last comparison of the branch and the commit it was made on. The
 * overview asks on every visit, and the answer depends only on the commit:
 * reading the tip is one git call (remote mode: one round trip to the host),
 * comparing it again several.
 */
let lastCompared: { commit: string; facts: ContentFacts } | undefined;

async function contentFacts(): Promise<ContentFacts> {
  const config = await resolvePublishConfig();
  if (config.mode !== 'read-only') {
    const tip = await branchTip(config).catch(() => null);
    const commit = tip?.ok ? tip.value : null;
    if (commit && lastCompared?.commit === commit) return lastCompared.facts;
    const facts = await branchContentFacts(config);
    if (facts) {
      // A commit that landed since the tip was read is compared again on the next visit, as its tip differs.
      if (commit) lastCompared = { commit, facts };
      return facts;
    }
  }
  return servedContentFacts();
}

async function branchContentFacts(config: PublishConfig): Promise<ContentFacts | null> {
  const listed = await documentsAtTip(config).catch(() => null);
  if (!listed?.ok) return null;
  const leftovers = await sampleLeftovers(listed.value, config).catch(() => null);
  if (!leftovers?.ok) return null;
  const studies = listed.value.filter((item) => item.kind === 'case-study');
  return {
    leftovers: leftovers.value,
    caseStudies: studies.map((item) => item.slug ?? item.path),
    privateCaseStudies: studies.filter((item) => item.visibility === 'private').length,
  };
}

const isDocument = (file: string) =>
  file === SITE_FILE ||
  file === RESUME_FILE ||
  (file.startsWith(CASE_STUDY_DIR) && file.endsWith('.mdx') && !file.slice(CASE_STUDY_DIR.length).includes('/'));

/**
 * The files the designer edits, at the branch's tip, as the content list
 * describes them, without their last changes: the overview reads this on
 * every visit, and walking the history for dates nobody shows here would
 * hold the branch's reads up for the pages that do.
 */
async function documentsAtTip(config: PublishConfig): Promise<Outcome<ContentItem[]>> {
  const tip = await filesAtTip(`${CONTENT_DIR}/`, isDocument, config);
  if (!tip.ok) return tip;
  const { files, picked, texts } = tip.value;
  return { ok: true, value: picked.map((file) => describeContentFile(file, texts.get(file.path) ?? '', files)) };
}

/**
 * The same comparison on the content the site serves. An image is compared by
 * its bytes where the server has the site's files (public/); where it has not
 * (a function on Netlify), its alt text still tells the sample's photo.
 */
function servedContentFacts(): ContentFacts {
  try {
    const site = getSite();
    const resume = getResume();
    const cards = getCaseStudyCards();
    const blobIds = new Map<string, string>();
    for (const src of [site.photos.profile.src, site.photos.about.src, ...cards.map((card) => card.image)]) {
      const repoPath = typeof src === 'string' ? repoPathOfImage(src) : null;
      if (!repoPath || blobIds.has(repoPath)) continue;
      try {
        blobIds.set(repoPath, blobIdOf(readFileSync(path.join(process.cwd(), repoPath))));
      } catch {
        // Not on this server's disk: the alt text decides.
      }
    }
    const snapshot: ContentSnapshot = {
      site,
      resume: { data: resume, body: resume.summaryText },
      caseStudies: cards.map((card) => ({
        contentPath: `content/case-studies/${card.slug}.mdx`,
        slug: card.slug,
        title: card.title,
        image: card.image,
      })),
      blobIds,
    };
    return {
      leftovers: findSampleLeftovers(snapshot, sampleFingerprints()),
      caseStudies: cards.map((card) => card.slug),
      privateCaseStudies: cards.filter((card) => card.private).length,
    };
  } catch {
    return { leftovers: null, caseStudies: [], privateCaseStudies: 0 };
  }
}
