import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { getMailConfig } from '~/contact/config.server';
import { mailHealth } from '~/contact/inbox.server';
import { deleteMailAccount, mailAccountView, NoSiteSecretError } from '~/contact/mail-account.server';
import { testAndSave, testCurrent, type MailSettingsAnswer } from '~/contact/mail-settings.server';
import { getSite } from '~/content/content.server';
import { readSmallForm, text } from '~/http/form.server';
import { readEnv } from '~/settings/env.server';
import { onFunctionHost } from '~/settings/runtime.server';

/**
 * /admin/settings/mail: the mail account the contact form's messages go out
 * through. She picks her service, pastes what it gave her, and a test
 * message goes to her own address; the account is kept (its password sealed)
 * only once the service took that test. SMTP_URL in Netlify's settings wins,
 * and the page says so. No answer of this page carries the password.
 */

export async function ownerMailSettingsLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const [account, health] = await Promise.all([mailAccountView(), mailHealth()]);
    let recipient: string | null = null;
    try {
      recipient = getMailConfig().to;
    } catch {
      // No compiled content to read the address from: the page says where to set it.
    }
    return data(
      {
        // Only whether it is set: its value holds a password.
        fromEnvironment: Boolean(readEnv('SMTP_URL')),
        account,
        recipient,
        suggestedFrom: account?.fromAddress ?? safeSiteEmail() ?? '',
        onNetlify: onFunctionHost(),
        lastDeliveredAt: health.lastDeliveredAt ? new Date(health.lastDeliveredAt).toISOString() : null,
        now: new Date().toISOString(),
      },
      { headers: OWNER_HEADERS },
    );
  });
}

function safeSiteEmail(): string | null {
  try {
    return getSite().email;
  } catch {
    return null;
  }
}

const answer = (status: number, body: MailSettingsAnswer) => data<MailSettingsAnswer>(body, { status, headers: OWNER_HEADERS });

/** A test's answer: sent, refused (422), or too many tests just now (429; 503 when they could not be counted). */
function tested(result: MailSettingsAnswer) {
  if (result.state === 'failed' && result.limited) {
    return data<MailSettingsAnswer>(result, {
      status: result.limited.busy ? 503 : 429,
      headers: { ...OWNER_HEADERS, 'Retry-After': String(result.limited.retryAfterS) },
    });
  }
  return answer(result.state === 'sent' ? 200 : 422, result);
}

export async function ownerMailSettingsAction({ request }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const form = await readSmallForm(request, 8 * 1024);
    if (typeof form === 'number')
      return answer(form, { intent: 'other', state: 'failed', message: 'That could not be read. Reload the page and try again.' });
    const intent = text(form, 'intent');
    if (intent === 'remove') {
      await deleteMailAccount();
      return answer(200, {
        intent: 'remove',
        state: 'removed',
        message: 'Your mail account is forgotten here. Messages are still kept in your inbox.',
      });
    }
    if (intent === 'test') {
      return tested(await testCurrent());
    }
    if (intent !== 'save') return answer(400, { intent: 'other', state: 'failed', message: 'Unknown action.' });
    if (readEnv('SMTP_URL')) {
      return answer(409, {
        intent: 'save',
        state: 'failed',
        message: 'Mail is already set up in Netlify’s settings, which win over this page, so nothing was changed here.',
      });
    }
    try {
      return tested(await testAndSave(form));
    } catch (error) {
      if (!(error instanceof NoSiteSecretError)) throw error;
      return answer(503, {
        intent: 'save',
        state: 'failed',
        message: 'The site could not lock your password away just now, so nothing was saved. Reload the page in a minute and try again.',
      });
    }
  });
}
