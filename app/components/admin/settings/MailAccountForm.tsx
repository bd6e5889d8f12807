import { Form, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { IntentButton } from '~/components/admin/kit/IntentButton';
import { MAIL_PROVIDER_IDS, MAIL_PROVIDERS, type MailProviderId } from '~/contact/mail-providers';
import type { MailFormValues, MailSettingsAnswer } from '~/contact/mail-settings.server';
import { AnswerNote } from './AnswerNote';
import { useEmptiedAfterAnswer } from '~/components/admin/kit/useEmptiedAfterAnswer';

/**
 * Her mail service, and what it needs from her. Choosing a service shows
 * only its fields and its words, with CSS alone (`:has(:checked)`), so the
 * form is the same with JavaScript off; the server ignores what a service
 * fills in for itself. The password field is emptied after every answer and
 * never filled from the server.
 */

const PRIMARY =
  'h-11 rounded-full bg-accent px-5 text-[0.9375rem] font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover disabled:opacity-60';
const CONTROL =
  'block w-full rounded-lg border bg-bg px-3.5 py-3 text-base text-fg shadow-xs outline-none transition-colors placeholder:text-fg-muted/70 focus-visible:ring-2';
const CONTROL_OK = 'border-border hover:border-fg-muted/50 focus-visible:border-ring focus-visible:ring-ring/30';
const CONTROL_INVALID = 'border-red-600 focus-visible:border-red-600 focus-visible:ring-red-600/25 dark:border-red-400';

const radioId = (id: MailProviderId) => `mail-provider-${id}`;

/**
 * Shown only while one of `ids` is the chosen service. Spelled out for each
 * service so Tailwind finds every class in the source.
 */
const SHOWN_FOR: Record<MailProviderId, string> = {
  resend: 'group-has-[#mail-provider-resend:checked]/mail:block',
  postmark: 'group-has-[#mail-provider-postmark:checked]/mail:block',
  sendgrid: 'group-has-[#mail-provider-sendgrid:checked]/mail:block',
  mailgun: 'group-has-[#mail-provider-mailgun:checked]/mail:block',
  brevo: 'group-has-[#mail-provider-brevo:checked]/mail:block',
  other: 'group-has-[#mail-provider-other:checked]/mail:block',
};
const shownFor = (ids: readonly MailProviderId[]) => `hidden ${ids.map((id) => SHOWN_FOR[id]).join(' ')}`;

const ASKS_USER = MAIL_PROVIDER_IDS.filter((id) => MAIL_PROVIDERS[id].user === null);

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-600 dark:text-red-400">
      {error}
    </p>
  ) : null;
}

/** A labelled text field with its hint and its error, both tied to it for a screen reader. */
function TextField({
  id,
  label,
  hint,
  error,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  type?: 'text' | 'email';
  placeholder?: string;
  inputMode?: 'url' | 'numeric';
  maxLength: number;
  defaultValue: string;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        spellCheck={false}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${CONTROL} ${error ? CONTROL_INVALID : CONTROL_OK}`}
      />
      <FieldError id={`${id}-error`} error={error} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-fg-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The server's address and port, for a service not on the list. */
const SERVER_FIELDS = [
  { name: 'host', label: 'Server', placeholder: 'smtp.example.com', inputMode: 'url', maxLength: 253 },
  { name: 'port', label: 'Port', placeholder: '465', inputMode: 'numeric', maxLength: 5 },
] as const;

const SECURITY_CHOICES = [
  { value: 'tls', label: 'Secure from the start (port 465)' },
  { value: 'starttls', label: 'Secure once connected (port 587)' },
] as const;

/** A label whose words depend on the chosen service: one span per service, only the chosen one shown (and read). */
function ProviderWords({ words }: { words: (id: MailProviderId) => ReactNode }) {
  return (
    <>
      {MAIL_PROVIDER_IDS.map((id) => (
        <span key={id} className={shownFor([id])}>
          {words(id)}
        </span>
      ))}
    </>
  );
}

export function MailAccountForm({
  chosen,
  values,
  answer,
  hasAccount,
  recipient,
}: {
  chosen: MailProviderId;
  values: Partial<MailFormValues>;
  answer?: MailSettingsAnswer;
  /** An account is kept: an empty password keeps its password. */
  hasAccount: boolean;
  recipient: string | null;
}) {
  const busy = useNavigation().formData?.get('intent') === 'save';
  const errors = answer && answer.state === 'failed' && answer.intent === 'save' ? (answer.fieldErrors ?? {}) : {};
  const password = useEmptiedAfterAnswer(answer);
  const saveAnswer = answer && answer.intent === 'save' ? answer : undefined;

  return (
    <Form method="post" data-mail-form className="group/mail grid gap-6" aria-describedby={saveAnswer ? 'mail-save-status' : undefined}>
      <fieldset aria-describedby={errors.provider ? 'mail-provider-error' : 'mail-provider-hint'}>
        <legend className="text-sm font-medium">Your mail service</legend>
        <p id="mail-provider-hint" className="mt-1 text-sm text-fg-muted">
          The service that sends e-mail for your site. Each of these has a free plan.
        </p>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {MAIL_PROVIDER_IDS.map((id) => (
            <label
              key={id}
              htmlFor={radioId(id)}
              className="flex min-h-12 cursor-pointer items-center gap-2.5 rounded-xl border border-border px-3.5 py-2.5 text-[0.9375rem] font-medium transition-colors hover:border-fg-muted/50 has-[:checked]:border-accent has-[:checked]:bg-accent/8 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40"
            >
              <input
                id={radioId(id)}
                type="radio"
                name="provider"
                value={id}
                defaultChecked={id === chosen}
                className="size-4 shrink-0 accent-[var(--accent)]"
              />
              {MAIL_PROVIDERS[id].name}
            </label>
          ))}
        </div>
        <FieldError id="mail-provider-error" error={errors.provider} />
        <p className="mt-3 text-sm text-fg-muted">
          <ProviderWords
            words={(id) => {
              const provider = MAIL_PROVIDERS[id];
              return (
                <>
                  {provider.where}
                  {provider.help ? (
                    <>
                      {' '}
                      <a
                        href={provider.help}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="font-medium text-accent underline underline-offset-4"
                      >
                        {provider.name}’s guide
                      </a>
                    </>
                  ) : null}
                </>
              );
            }}
          />
        </p>
      </fieldset>

      <div className={`${shownFor(['other'])} space-y-4`}>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          {SERVER_FIELDS.map((field) => (
            <TextField
              key={field.name}
              {...field}
              id={`mail-${field.name}`}
              defaultValue={values[field.name] ?? ''}
              error={errors[field.name]}
            />
          ))}
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Security</legend>
          <div className="mt-2 grid gap-2 text-[0.9375rem] sm:flex sm:gap-6">
            {SECURITY_CHOICES.map((choice) => (
              <label key={choice.value} className="flex items-center gap-2.5">
                <input
                  type="radio"
                  name="security"
                  value={choice.value}
                  defaultChecked={(values.security ?? 'tls') === choice.value}
                  className="size-4 accent-[var(--accent)]"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <div className={shownFor(ASKS_USER)}>
        <label htmlFor="mail-username" className="mb-1.5 block text-sm font-medium">
          <ProviderWords words={(id) => MAIL_PROVIDERS[id].userLabel ?? 'User name'} />
        </label>
        <input
          id="mail-username"
          name="username"
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={320}
          defaultValue={values.username ?? ''}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? 'mail-username-error' : undefined}
          className={`${CONTROL} ${errors.username ? CONTROL_INVALID : CONTROL_OK}`}
        />
        <FieldError id="mail-username-error" error={errors.username} />
      </div>

      <div>
        <label htmlFor="mail-password" className="mb-1.5 block text-sm font-medium">
          <ProviderWords words={(id) => MAIL_PROVIDERS[id].secretLabel} />
        </label>
        <input
          id="mail-password"
          ref={password}
          name="password"
          type="password"
          autoComplete="off"
          spellCheck={false}
          maxLength={1000}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={`mail-password-hint${errors.password ? ' mail-password-error' : ''}`}
          className={`${CONTROL} ${errors.password ? CONTROL_INVALID : CONTROL_OK}`}
        />
        <FieldError id="mail-password-error" error={errors.password} />
        <p id="mail-password-hint" className="mt-1.5 text-sm text-fg-muted">
          Kept on the server only, locked with the site’s secret, and never shown again, not even to you.
          {hasAccount ? ' Leave it empty to keep the one you saved.' : ''}
        </p>
      </div>

      <TextField
        id="mail-from"
        name="fromAddress"
        type="email"
        label="Messages come from"
        placeholder="hello@yourname.com"
        maxLength={254}
        defaultValue={values.fromAddress ?? ''}
        error={errors.fromAddress}
        hint="An address on your own domain that your mail service lets you send from. Replying to a message still answers the person who wrote it."
      />

      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <IntentButton intent="save" busy={busy} busyLabel="Sending a test…" className={PRIMARY}>
          Send a test and save
        </IntentButton>
        <span className="text-sm text-fg-muted">
          {recipient ? (
            <>
              The test goes to <span className="font-medium text-fg">{recipient}</span>. Nothing is saved unless it goes through.
            </>
          ) : (
            'Nothing is saved unless the test goes through.'
          )}
        </span>
      </div>
      {saveAnswer ? <AnswerNote id="mail-save-status" answer={saveAnswer} /> : null}
    </Form>
  );
}
