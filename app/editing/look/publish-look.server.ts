import { resolvePublishConfig } from '~/editing/connection/publishing.server';
import { siteForm } from '~/editing/documents/fields';
import { fieldLabel, problemInHerWords } from '~/editing/documents/problem-words';
import { getDraft, saveDraft } from '~/editing/drafts/texts.server';
import { blobIdOf } from '~/editing/git/publish-plan.server';
import type { PublishConfig } from '~/editing/git/publish-config.server';
import { readBlobs } from '~/editing/git/read.server';
import { modeSummary, openForEditing, type ModeSummary } from '~/editing/open.server';
import { publishChange } from '~/editing/publish-change.server';
import { liveNote } from '~/editing/publish-document.server';
import type { LiveNote } from '~/editing/save-result';
import { getSite } from '~/content/content.server';
import { currentLook } from '~/look/look.server';
import { isDefaultLook, type Look } from '~/look/look';
import type { HomeOrder } from '~/content/home-sections';
import { lookInSiteText, withLookInSiteText } from './site-look.server';
import { homeInSiteText, sameHome, withHomeInSiteText } from './site-home.server';

/**
 * The Look page's publish: her look written into content/site.yml on the
 * branch, through the same use case as every edit (publish-change.server.ts:
 * the build's checks, one commit, live without a build). Only `look:` and
 * `home:` (her home page's sections, the page's other panel) change; the
 * rest of the file is the branch's, so unpublished edits in Site details are
 * not published with it. A Site details draft gets the same look and
 * sections, so publishing it later neither undoes them nor stops as a conflict.
 */

export const SITE_PATH = 'content/site.yml';

export type LookPage = {
  look: Look;
  home: HomeOrder;
  /** The version of site.yml the page shows (null: none could be read; a publish then takes the branch as it is). */
  baseBlobId: string | null;
  mode: ModeSummary;
  /** Why the branch could not be read just now (the look shown is then the one the site serves). */
  unreachable: string | null;
};

export async function lookPage(): Promise<LookPage> {
  const config = await resolvePublishConfig();
  const opened = await openForEditing(SITE_PATH, config);
  const text = opened.status === 'opened' || opened.status === 'read-only' ? opened.text : null;
  return {
    look: text === null ? currentLook() : lookInSiteText(text),
    home: text === null ? getSite().home : homeInSiteText(text),
    baseBlobId: opened.status === 'opened' ? opened.blobId : null,
    mode: modeSummary(config),
    unreachable: opened.status === 'unreachable' ? opened.reason : null,
  };
}

export type LookPublishResult =
  | { status: 'published'; commit: string; live: LiveNote; baseBlobId: string }
  | { status: 'unchanged' }
  /** The look or the sections were changed elsewhere since she opened the page: those published meanwhile, and the version to publish hers over. */
  | { status: 'conflict'; theirs: Look; theirHome: HomeOrder; baseBlobId: string }
  | { status: 'invalid'; reason: string; problems: string[] }
  | { status: 'failed'; reason: string }
  | { status: 'read-only'; reason: string; fixHref: string | null };

const sameLook = (a: Look, b: Look) => JSON.stringify(a) === JSON.stringify(b);

type Choices = { look: Look; home: HomeOrder };
const sameChoices = (a: Choices, b: Choices) => sameLook(a.look, b.look) && sameHome(a.home, b.home);
const choicesIn = (text: string): Choices => ({ look: lookInSiteText(text), home: homeInSiteText(text) });

async function choicesAt(blobId: string, config: PublishConfig): Promise<Choices | null> {
  const read = await readBlobs([blobId], config).catch(() => null);
  const bytes = read?.ok ? read.value.get(blobId) : undefined;
  return bytes ? choicesIn(bytes.toString('utf8')) : null;
}

function commitMessage(before: Choices, after: Choices): string {
  const look = sameLook(before.look, after.look)
    ? null
    : isDefaultLook(after.look)
      ? 'Set the site’s look back to the original'
      : 'Change the site’s look';
  const home = sameHome(before.home, after.home) ? null : 'Change the home page’s sections';
  return look && home ? `${look}, and the home page’s sections` : (look ?? home ?? 'Change the site’s look');
}

/** `home`: her home page's sections as the page's panel has them (the published ones where it is left out). */
export async function publishLook(look: Look, baseBlobId: string | null, home?: HomeOrder): Promise<LookPublishResult> {
  const config = await resolvePublishConfig();
  if (config.mode === 'read-only') return { status: 'read-only', reason: config.reason, fixHref: config.fixHref ?? null };
  const opened = await openForEditing(SITE_PATH, config);
  if (opened.status === 'unreachable')
    return {
      status: 'failed',
      reason: `Your site’s files could not be read just now (${opened.reason.replace(/\.$/, '')}). Try again in a minute.`,
    };
  if (opened.status !== 'opened')
    return { status: 'failed', reason: 'Your site details could not be found, so there is nowhere to keep your look.' };
  const published = choicesIn(opened.text);
  const chosen: Choices = { look, home: home ?? published.home };
  // Changed since she opened the page: a conflict only when the look or the sections were changed there (another tab, Site details, a hand edit).
  if (baseBlobId && baseBlobId !== opened.blobId && !sameChoices(published, chosen)) {
    const before = await choicesAt(baseBlobId, config);
    if (!before || !sameChoices(before, published))
      return { status: 'conflict', theirs: published.look, theirHome: published.home, baseBlobId: opened.blobId };
  }
  const text = withHomeInSiteText(withLookInSiteText(opened.text, look), chosen.home);
  if (text === opened.text) return { status: 'unchanged' };
  const message = commitMessage(published, chosen);
  const result = await publishChange({ files: [{ path: SITE_PATH, content: text, baseBlobId: opened.blobId }], message }, config);
  switch (result.status) {
    case 'published':
      await carryIntoDraft(chosen, opened.blobId, blobIdOf(Buffer.from(text)));
      return {
        status: 'published',
        commit: result.commit,
        live: liveNote('site', SITE_PATH, {}, result.live),
        baseBlobId: blobIdOf(Buffer.from(text)),
      };
    case 'unchanged':
      return { status: 'unchanged' };
    case 'conflict':
      // Another publish landed between reading the file and committing: hers goes on top of it when she publishes again.
      return {
        status: 'conflict',
        theirs: result.theirs.text === null ? published.look : lookInSiteText(result.theirs.text),
        theirHome: result.theirs.text === null ? published.home : homeInSiteText(result.theirs.text),
        baseBlobId: result.theirs.blobId ?? opened.blobId,
      };
    case 'refused':
      return {
        status: 'invalid',
        reason: 'The site’s checks refused this look, so it was not published. Your choices are kept below.',
        problems: result.problems.map((problem) =>
          problemInHerWords(problem.message, problem.field ? fieldLabel(siteForm, problem.field) : undefined),
        ),
      };
    case 'unchecked':
    case 'failed':
    case 'exposed':
      return { status: 'failed', reason: result.reason };
    case 'invalid':
      return { status: 'invalid', reason: result.reason, problems: [] };
  }
}

/** A Site details draft takes the published look and sections, and moves onto the new version when it was on the one just replaced. */
async function carryIntoDraft({ look, home }: Choices, from: string, to: string): Promise<void> {
  const draft = await getDraft(SITE_PATH).catch(() => null);
  if (!draft) return;
  let text: string;
  try {
    text = withHomeInSiteText(withLookInSiteText(draft.text, look), home);
  } catch {
    return; // A draft that is not valid YAML yet is hers to finish in Site details.
  }
  await saveDraft(SITE_PATH, { text, baseBlobId: draft.baseBlobId === from ? to : draft.baseBlobId });
}
