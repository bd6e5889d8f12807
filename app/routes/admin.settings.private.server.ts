import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { passwordFromSettings, privatePasswordState } from '~/access/private-access.server';
import type { PrivatePasswordAnswer } from '~/access/private-case-study';
import { changePrivatePassword } from '~/access/private-password.server';
import { getCaseStudyCards } from '~/content/content.server';
import { resolvePublishConfig } from '~/editing/connection/publishing.server';
import { repositoryVisibility } from '~/editing/connection/visibility.server';
import { readSmallForm, text } from '~/http/form.server';

/**
 * /admin/settings/private: the password of private case studies (set, changed,
 * removed; kept as a slow hash, app/access/private-password.server.ts), the
 * case studies it opens, and whether the repository they are kept in is
 * public. The editor's form beside a case study's Private setting posts here
 * too; without JavaScript a save returns to that editor page (`back`).
 */

export async function ownerPrivateLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const [password, visibility] = await Promise.all([
      privatePasswordState(),
      resolvePublishConfig().then((config) => repositoryVisibility(config)),
    ]);
    const privateCaseStudies = getCaseStudyCards()
      .filter((card) => card.private)
      .map((card) => ({
        slug: card.slug,
        title: card.title,
        href: `/case-study/${card.slug}`,
        edit: `/admin/content/case-studies/${card.slug}.mdx`,
      }));
    return data({ password, visibility, privateCaseStudies, now: new Date().toISOString() }, { headers: OWNER_HEADERS });
  });
}

/** An editor page of a case study: the only place a no-JavaScript save goes back to. */
const EDITOR_PAGE = /^\/admin\/content\/case-studies\/[a-z0-9][a-z0-9-]*\.mdx$/;

export async function ownerPrivateAction({ request }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const form = await readSmallForm(request, 4 * 1024);
    if (typeof form === 'number')
      return data<PrivatePasswordAnswer>(
        { state: 'failed', reason: 'That request could not be read. Reload the page and try again.' },
        { status: form, headers: OWNER_HEADERS },
      );
    const { status, answer } = await changePrivatePassword(
      { intent: text(form, 'intent'), password: String(form.get('password') ?? '') },
      { setInSettings: passwordFromSettings() !== null },
    );
    const back = text(form, 'back');
    if (answer.state !== 'failed' && EDITOR_PAGE.test(back)) {
      throw redirect(`${back}?password-${answer.state}=1#private-password`, { status: 303, headers: OWNER_HEADERS });
    }
    return data<PrivatePasswordAnswer>(answer, { status, headers: OWNER_HEADERS });
  });
}
