import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import {
  connectPublishing,
  defaultRepository,
  disconnectPublishing,
  publishingDetails,
  PUBLISHING_PAGE,
  resolvePublishConfig,
} from '~/editing/connection/publishing.server';
import { repositoryVisibility } from '~/editing/connection/visibility.server';
import { tokenExpiryWarning } from '~/editing/connection/token-expiry';
import { readSmallForm, text } from '~/http/form.server';
import type { PublishingActionData } from '~/components/admin/publishing/types';

/**
 * /admin/publishing: connects the editor to the site's repository with a
 * token the owner pastes (checked at once for reading and for pushing), shows
 * the connection, and disconnects it. The token goes one way only, from the
 * form to the server: no answer of this page ever carries it. Once
 * connected, it says whether the repository is public (GitHub asked on each
 * visit: she may have just changed it there).
 */

export async function ownerPublishingLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const { status, kept } = await publishingDetails();
    const works = status.state === 'connected' || status.state === 'from-settings' || status.state === 'local';
    const visibility = works ? await repositoryVisibility(await resolvePublishConfig()) : null;
    return data(
      {
        status,
        kept,
        // What the form offers: the kept repository, else the one Netlify built from.
        suggestedRepository: status.repository ?? defaultRepository() ?? '',
        warning: tokenExpiryWarning(status.expiresAt),
        visibility,
        now: new Date().toISOString(),
      },
      { headers: OWNER_HEADERS },
    );
  });
}

const answer = (status: number, body: PublishingActionData) => data<PublishingActionData>(body, { status, headers: OWNER_HEADERS });

export async function ownerPublishingAction({ request }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const form = await readSmallForm(request, 8 * 1024);
    if (typeof form === 'number')
      return answer(form, {
        intent: 'other',
        state: 'failed',
        reason: 'That request could not be read. Reload the page and try again.',
        repository: '',
      });
    const intent = text(form, 'intent');
    const repository = text(form, 'repository').slice(0, 500);
    if (intent === 'disconnect') {
      await disconnectPublishing();
      return redirect(PUBLISHING_PAGE, { status: 303, headers: OWNER_HEADERS });
    }
    if (intent !== 'connect') return answer(400, { intent: 'other', state: 'failed', reason: 'Unknown action.', repository });
    const { status } = await publishingDetails();
    if (status.state === 'from-settings' || status.state === 'local') {
      return answer(409, {
        intent: 'connect',
        state: 'failed',
        reason: 'Publishing is already set up outside this page, so nothing was changed here.',
        repository,
      });
    }
    const result = await connectPublishing({ repository, token: text(form, 'token') });
    if (result.state === 'failed') return answer(422, { intent: 'connect', state: 'failed', reason: result.reason, repository });
    return answer(200, { intent: 'connect', state: 'connected', message: result.message, repository });
  });
}
