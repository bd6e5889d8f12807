import { z } from 'zod';
import { getMailConfig } from './config.server';
import { bareHost } from '~/outbound/public-host.server';
import { explainMailError, unreachableMail } from './mail-errors';
import { currentMailTransport, readMailAccount, requireSealingKey, saveMailAccount, type MailAccountDetails } from './mail-account.server';
import { MAIL_PROVIDERS, isMailProvider, type MailProviderId, type MailSecurity } from './mail-providers';
import { isMailPort, reachableTransport, takeMailTestSlot } from './mail-reach.server';
import { MailSendError, sendOrThrow } from './mail.server';
import { absoluteTime } from '~/time-zone/zones';
import { ownerTimeZoneOrDefault } from '~/time-zone/owner-time-zone.server';

/**
 * What /admin/settings/mail does: reads the owner's form into an account,
 * sends a test message through it to her own address, and keeps it only once
 * the service accepted that test. Every answer is a sentence in her words;
 * the password never comes back in one.
 */

/** The fields as typed, the password left out: what the form shows again after an answer. */
export type MailFormValues = {
  provider: MailProviderId | '';
  username: string;
  host: string;
  port: string;
  security: MailSecurity;
  fromAddress: string;
};

export type MailFormField = 'provider' | 'username' | 'password' | 'host' | 'port' | 'security' | 'fromAddress';

export type MailSettingsAnswer =
  | { intent: 'save' | 'test'; state: 'sent'; message: string; to: string; values?: MailFormValues }
  | {
      intent: 'save' | 'test' | 'remove' | 'other';
      state: 'failed';
      message: string;
      fieldErrors?: Partial<Record<MailFormField, string>>;
      values?: MailFormValues;
      /** Too many tests just now: answered 429 (503 when `busy`) with Retry-After. */
      limited?: { retryAfterS: number; busy: boolean };
    }
  | { intent: 'remove'; state: 'removed'; message: string };

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
/** An IPv6 literal, bare or in brackets: judged as an address like any name, never refused for its spelling. */
const IPV6_LITERAL = /^\[?[0-9a-f:.]+\]?$/i;
const CONTROL = /[\u0000-\u001f\u007f]/;

const email = z.string().email();

/** What she typed, as the form shows it again (never the password). */
export function formValues(form: FormData): MailFormValues {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim().slice(0, 400) : '';
  };
  const provider = get('provider');
  return {
    provider: isMailProvider(provider) ? provider : '',
    username: get('username'),
    host: get('host')
      .replace(/^[a-z]+:\/\//i, '')
      .replace(/\/+$/, ''),
    port: get('port'),
    security: get('security') === 'tls' ? 'tls' : 'starttls',
    fromAddress: get('fromAddress'),
  };
}

/**
 * The account the form describes, or what is wrong with it, field by field.
 * `kept` lends its password when she left that field empty and the rest
 * still names the same account (the same service, server and login).
 */
export function accountFromForm(
  form: FormData,
  kept: MailAccountDetails | null,
): { ok: true; details: MailAccountDetails } | { ok: false; fieldErrors: Partial<Record<MailFormField, string>> } {
  const values = formValues(form);
  const typedPassword = (() => {
    const value = form.get('password');
    return typeof value === 'string' ? value.trim() : '';
  })();
  const errors: Partial<Record<MailFormField, string>> = {};
  if (!values.provider) return { ok: false, fieldErrors: { provider: 'Choose the service that sends your mail.' } };
  const provider = MAIL_PROVIDERS[values.provider];

  const host = provider.host ?? bareHost(values.host);
  const port = provider.port ?? Number(values.port);
  const security: MailSecurity = provider.security ?? values.security;
  if (provider.host === null) {
    if (!values.host) errors.host = 'Type the server’s name, like smtp.example.com.';
    else if (!HOST.test(values.host) && !(IPV6_LITERAL.test(values.host) && values.host.includes(':')))
      errors.host = 'Type only the server’s name, like smtp.example.com: no spaces, slashes or @.';
    if (!values.port) errors.port = 'Type the port: usually 465 or 587.';
    else if (!/^\d{1,5}$/.test(values.port) || port < 1 || port > 65535) errors.port = 'The port is a number, usually 465 or 587.';
    else if (!isMailPort(port, host))
      errors.port = `Mail services take mail on port 465 or 587 (some also on 25 or 2525), so the site sends on no other. Check the port your mail service gives.`;
  }

  const askedUser = provider.user === null;
  if (askedUser) {
    if (!values.username) errors.username = `Type your ${provider.userLabel?.toLowerCase() ?? 'user name'}.`;
    else if (values.username.length > 320 || CONTROL.test(values.username)) errors.username = 'That does not look like a login: check it.';
  }

  const sameAccount =
    kept !== null && kept.provider === values.provider && kept.host === host && (!askedUser || kept.username === values.username);
  const password = typedPassword || (sameAccount ? kept.password : '');
  if (!password) errors.password = `Paste your ${provider.secretLabel}.`;
  else if (password.length > 1000 || CONTROL.test(password))
    errors.password = `That does not look like a ${provider.secretLabel}: paste it again.`;

  if (!values.fromAddress) errors.fromAddress = 'Type the address your messages come from, like hello@yourname.com.';
  else if (CONTROL.test(values.fromAddress) || !email.safeParse(values.fromAddress).success || values.fromAddress.length > 254)
    errors.fromAddress = 'That is not an e-mail address. It looks like hello@yourname.com.';

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  const username = provider.user === 'same-as-secret' ? password : (provider.user ?? values.username);
  return { ok: true, details: { provider: values.provider, host, port, security, username, password, fromAddress: values.fromAddress } };
}

const TEST_SUBJECT = 'Test message from your portfolio';

function testMail(from: string | { name: string; address: string }, to: string, zone: string) {
  const when = absoluteTime(new Date().toISOString(), zone);
  return {
    from,
    to,
    subject: TEST_SUBJECT,
    text: [
      'This is the test message you sent from your portfolio’s owner’s area.',
      '',
      'It arrived, so messages from your contact form will reach you here too, with Reply going to the person who wrote.',
      '',
      `Sent ${when}.`,
    ].join('\n'),
  };
}

type Slot = { retryAfterS: number; busy?: true };
type TestSent = { ok: true; to: string } | { ok: false; message: string; limited?: Slot };

/**
 * Sends the test through `details` to her address; a sentence either way.
 * Saves nothing. An address the site may not reach is refused before the
 * count: only a test that would really connect uses one of the few a window allows.
 */
export async function sendTestThrough(details: MailAccountDetails): Promise<TestSent> {
  const reach = await reachableTransport(details);
  if (!reach.ok) return { ok: false, message: unreachableMail(reach, details) };
  const slot = await takeMailTestSlot();
  if (!slot.allowed) return { ok: false, message: '', limited: slot };
  const smtp = reach.smtp;
  const config = getMailConfig({ source: 'owner-area', smtp, account: { ...details, testedAt: new Date(), savedAt: new Date() } });
  const fromAddress = typeof config.from === 'string' ? config.from : config.from.address;
  try {
    await sendOrThrow(testMail(config.from, config.to, await ownerTimeZoneOrDefault()), smtp);
    return { ok: true, to: config.to };
  } catch (error) {
    const failure = error instanceof MailSendError ? error : new MailSendError(error, smtp);
    logRefusal(failure);
    return {
      ok: false,
      message: explainMailError(failure, {
        provider: details.provider,
        host: details.host,
        port: details.port,
        from: fromAddress,
        to: config.to,
      }),
    };
  }
}

/**
 * What the log keeps of a refused test: nodemailer's code and the SMTP reply
 * code, never the server's words (a service that is not a mail server would
 * have its banner, or its secrets, quoted there).
 */
function logRefusal(failure: MailSendError): void {
  const reply = failure.responseCode ? `, reply ${failure.responseCode}` : '';
  const command = failure.command ? ` to ${failure.command.split(' ')[0]}` : '';
  console.warn(`mail settings: the test message was refused (${failure.code ?? 'no code'}${reply}${command}).`);
}

function smtpUrlParts(smtpUrl: string): { host: string; port: number } {
  try {
    const url = new URL(smtpUrl);
    return { host: url.hostname, port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587) };
  } catch {
    return { host: 'the server in SMTP_URL', port: 587 };
  }
}

const TOO_MANY = (intent: 'save' | 'test', slot: Slot): Extract<MailSettingsAnswer, { state: 'failed' }> => ({
  intent,
  state: 'failed',
  message: slot.busy
    ? 'The site could not count your tests just now, so nothing was sent. Try again in a minute.'
    : `That is several tests in a few minutes, so the site waits before sending another. Try again in ${Math.max(1, Math.ceil(slot.retryAfterS / 60))} minute${slot.retryAfterS > 60 ? 's' : ''}.`,
  limited: { retryAfterS: slot.retryAfterS, busy: Boolean(slot.busy) },
});

/** Tests the account in the form and keeps it when the service accepted the test. */
export async function testAndSave(form: FormData): Promise<MailSettingsAnswer> {
  const values = formValues(form);
  const kept = await readMailAccount();
  const parsed = accountFromForm(form, kept);
  if (!parsed.ok) {
    return {
      intent: 'save',
      state: 'failed',
      message: 'Some details are missing or look wrong: see below.',
      fieldErrors: parsed.fieldErrors,
      values,
    };
  }
  await requireSealingKey();
  const sent = await sendTestThrough(parsed.details);
  if (!sent.ok && sent.limited) return { ...TOO_MANY('save', sent.limited), values };
  if (!sent.ok) return { intent: 'save', state: 'failed', message: `Not saved. ${sent.message}`, values };
  await saveMailAccount(parsed.details);
  return {
    intent: 'save',
    state: 'sent',
    to: sent.to,
    message: `Saved. A test message is on its way to ${sent.to}. From now on, messages from your contact form come to your e-mail too.`,
    values,
  };
}

/** Sends a test through the account in use now (Netlify's settings, or the one kept here). */
export async function testCurrent(): Promise<MailSettingsAnswer> {
  const transport = await currentMailTransport();
  if (transport.source === 'none') {
    return { intent: 'test', state: 'failed', message: 'No mail account is set up yet: fill in the form below first.' };
  }
  if (transport.source === 'owner-area') {
    const sent = await sendTestThrough(transport.account);
    if (!sent.ok && sent.limited) return TOO_MANY('test', sent.limited);
    return sent.ok
      ? { intent: 'test', state: 'sent', to: sent.to, message: `Sent. A test message is on its way to ${sent.to}.` }
      : { intent: 'test', state: 'failed', message: sent.message };
  }
  const slot = await takeMailTestSlot();
  if (!slot.allowed) return TOO_MANY('test', slot);
  const config = getMailConfig(transport);
  try {
    await sendOrThrow(testMail(config.from, config.to, await ownerTimeZoneOrDefault()), transport.smtp);
    return { intent: 'test', state: 'sent', to: config.to, message: `Sent. A test message is on its way to ${config.to}.` };
  } catch (error) {
    const failure = error instanceof MailSendError ? error : new MailSendError(error, transport.smtp);
    logRefusal(failure);
    const server = smtpUrlParts(transport.smtp);
    return {
      intent: 'test',
      state: 'failed',
      message: `The mail account in Netlify’s settings did not take the test. ${explainMailError(failure, { provider: 'other', ...server, from: typeof config.from === 'string' ? config.from : config.from.address, to: config.to })}`,
    };
  }
}
