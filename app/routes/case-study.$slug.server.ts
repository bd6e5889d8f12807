import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { linkOpens, linkTokenOf } from '~/access/link-access.server';
import { isDatabaseUnavailable } from '~/db/connection.server';
import { getCaseStudy, getCaseStudyCards, getSite } from '~/content/content.server';
import type { CaseStudy } from '~/content/schema';
import { layoutOf } from '~/look/look';
import { clientIp } from '~/http/client-ip.server';
import {
  carriesUnlock,
  currentPrivatePassword,
  passwordMatches,
  takeUnlockAttempt,
  unlockCookie,
  unlockedFor,
  type PrivatePassword,
} from '~/access/private-access.server';
import { UNLOCK_TEXT, type LockedCaseStudy, type UnlockActionData } from '~/access/private-case-study';
import { PRIVATE_HEADERS } from '~/http/cache-headers.server';
import { readSmallForm } from '~/http/form.server';
import { pageMeta } from '~/seo/meta';
import { getSiteUrl } from '~/http/site-url.server';
import { caseStudySocialCard } from '~/seo/social-image';
import { caseStudyJsonLd, serializeJsonLd } from '~/seo/structured-data';

/**
 * The loader of /case-study/:slug, with the page's meta tags and JSON-LD (see
 * _index.server.ts). An unknown or unpublished slug answers 404 with no data,
 * and the route shows the not-found page itself: a thrown 404 would go to the
 * root error boundary, and keeping the not-found page there would ship it
 * with every page, / included.
 *
 * A private case study answers with its card's fields and the lock screen
 * until the visitor has unlocked private case studies (private-access.server.ts);
 * locked or not, it is never cached by a shared cache and never indexed, and
 * its meta tags use the card's fields only.
 */
export async function caseStudyLoader({ params, request }: LoaderFunctionArgs) {
  const caseStudy = getCaseStudy(params.slug ?? '');
  if (!caseStudy) {
    // As the address had it (escaped): a decoded slug could carry line breaks and forge log lines.
    console.warn(`404 Not Found: ${new URL(request.url).pathname}`);
    return data(null, { status: 404 });
  }
  const { name, role, email, moreWork, cta, locked, look } = getSite();
  const words = { moreWork, cta, locked };
  // The other case studies below it, in the layout of her work.
  const layout = layoutOf(look).workLayout;
  const author = { name, role };
  const siteUrl = getSiteUrl();
  const card = caseStudySocialCard(caseStudy, author);
  const more = getCaseStudyCards().filter((other) => other.slug !== caseStudy.slug);
  const title = `${caseStudy.title} — Case study by ${name}`;
  const context = { siteUrl, siteName: name, requestUrl: request.url };
  if (caseStudy.private) {
    const meta = [
      ...pageMeta(context, {
        title,
        description: caseStudy.description,
        type: 'article',
        image: card,
      }),
      { name: 'robots', content: 'noindex' },
    ];
    const headers = { headers: PRIVATE_HEADERS };
    const current = await currentPrivatePassword();
    const access = await privateAccess(request, caseStudy.slug, current);
    if (access !== 'open') {
      // A link or an unlock that cannot be checked fails closed (503); the password form still works.
      return data(
        {
          // While the database cannot say whether a password is set, the box stays: the action then says it cannot unlock.
          locked: lockedView(caseStudy, current !== null, email),
          caseStudy: null,
          more,
          layout,
          words,
          meta,
          jsonLd: null,
        },
        { ...headers, status: access === 'unknown' ? 503 : 200 },
      );
    }
    return data({ locked: null, caseStudy, more, layout, words, meta, jsonLd: null }, headers);
  }
  return {
    locked: null,
    caseStudy,
    // The other cards, as on the home page: published ones link, coming-soon ones don't.
    more,
    layout,
    words,
    meta: pageMeta(context, {
      title,
      description: caseStudy.page.summary,
      type: 'article',
      image: card,
    }),
    jsonLd: serializeJsonLd(caseStudyJsonLd(caseStudy, author, { siteUrl, image: card.path })),
  };
}

/**
 * The password's signed cookie opens every private case study, checked
 * against the password in force (read once for the request); a share link's
 * cookie is checked in the database on every request, so a revoked link
 * locks the page at once. 'unknown': the database cannot say.
 */
async function privateAccess(
  request: Request,
  slug: string,
  current: PrivatePassword | null | 'unknown',
): Promise<'open' | 'locked' | 'unknown'> {
  if (current !== 'unknown' && unlockedFor(request, current)) return 'open';
  if (!linkTokenOf(request)) return current === 'unknown' && carriesUnlock(request) ? 'unknown' : 'locked';
  try {
    return (await linkOpens(request, slug)) ? 'open' : 'locked';
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`private case study: a share link could not be checked (${error.message})`);
    return 'unknown';
  }
}

/** The card's fields and the note: everything a locked page may contain. */
function lockedView(caseStudy: CaseStudy, askForPassword: boolean, email: string): LockedCaseStudy {
  const { slug, title, description, image, alt, tags, imageWidth, imageHeight, imageSources, lockedNote } = caseStudy;
  return {
    slug,
    title,
    description,
    image,
    alt,
    tags,
    imageWidth,
    imageHeight,
    imageSources,
    lockedNote,
    askForPassword,
    email,
  };
}

const MAX_UNLOCK_BODY = 4 * 1024;

function refuse(status: number, answer: UnlockActionData, headers: Record<string, string> = {}) {
  return data(answer, { status, headers: { ...PRIVATE_HEADERS, ...headers } });
}

/** What the form sent: the password, or the status of a request that is not a password at all. */
async function readPassword(request: Request): Promise<string | number> {
  const form = await readSmallForm(request, MAX_UNLOCK_BODY);
  if (typeof form === 'number') return form;
  return String(form.get('password') ?? '') || 400;
}

/**
 * The lock screen's form: the right password unlocks every private case
 * study for 30 days (a signed cookie) and redirects (303) back to the page;
 * a wrong one answers 401 with the lock screen and its error. More than 10
 * wrong passwords from one client in 10 minutes, counted across every
 * instance: 429 for every attempt. Each attempt takes its slot before it is
 * judged, so concurrent guesses cannot slip past the limit; anything that is
 * not a wrong password gives it back. An attempt whose count cannot be read
 * in time gets a 503 and is not judged. With no password set there is nothing
 * to judge: back to the page, which says how to ask for access.
 */
export async function caseStudyAction({ params, request }: ActionFunctionArgs) {
  const caseStudy = getCaseStudy(params.slug ?? '');
  if (!caseStudy?.private) return data({ error: 'Method Not Allowed' }, { status: 405, headers: { Allow: 'GET, HEAD' } });
  const ip = clientIp(request);
  const attempt = await takeUnlockAttempt(ip);
  if (!attempt.allowed)
    return refuse(
      attempt.busy ? 503 : 429,
      { limited: attempt.busy ? UNLOCK_TEXT.busy : UNLOCK_TEXT.limited },
      { 'Retry-After': String(attempt.retryAfterS) },
    );
  const password = await readPassword(request);
  if (typeof password === 'number') {
    await attempt.giveBack();
    return refuse(password, { error: UNLOCK_TEXT.missing });
  }
  const current = await currentPrivatePassword();
  if (current === 'unknown') {
    await attempt.giveBack();
    return refuse(503, { limited: UNLOCK_TEXT.unavailable }, { 'Retry-After': '60' });
  }
  const back = new URL(request.url).pathname;
  if (current === null) {
    await attempt.giveBack();
    return redirect(back, { status: 303, headers: { 'Cache-Control': 'no-store' } });
  }
  if (!(await passwordMatches(password, current))) return refuse(401, { error: UNLOCK_TEXT.wrong });
  await attempt.giveBack();
  const cookie = unlockCookie(request, current);
  if (!cookie) return refuse(503, { limited: UNLOCK_TEXT.unavailable });
  return redirect(back, {
    status: 303,
    headers: { 'Set-Cookie': cookie, 'Cache-Control': 'no-store' },
  });
}
