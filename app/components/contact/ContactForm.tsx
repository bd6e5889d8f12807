import { useActionData } from '@remix-run/react';
import {
  CONTACT_ENDPOINT,
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_TEXT,
  HONEYPOT_FIELD,
  type ContactActionData,
  type ContactField,
} from '~/contact/form';
import { Field, FieldErrorTemplate, fieldId } from './Field';
import { SendingTemplate, ToastRegion, ToastTemplate } from './Toast';

/**
 * Without JavaScript this is a plain POST to its page's action (the index
 * route's, or /contact's), and the
 * page comes back with the answer inline and focus (hence the scroll
 * position) on it: the first invalid field, or else the message. A fragment in
 * the action URL would do the scrolling but would also switch autofocus off
 * (browsers skip autofocus when the URL has a target), so there is none.
 * With JavaScript (app/islands/contact.ts) the same form is sent to
 * CONTACT_ENDPOINT without leaving the page: "Sending...", a toast for the
 * answer, the field errors beside their fields, the fields cleared only on
 * success. What it shows is rendered here, as <template>s it copies, so the
 * markup and its words have one source.
 */
export const CONTACT_FORM_ID = 'contact-form';
const HOME_ACTION = '/?index';

/**
 * `action`: the page it posts to without JavaScript, whose answer shows the
 * result (the home page, or /contact); `titleLevel`: its heading's, one
 * below its section's.
 */
export function ContactForm({ action = HOME_ACTION, titleLevel: Title = 'h3' }: { action?: string; titleLevel?: 'h2' | 'h3' }) {
  // Set only by a document POST: JavaScript off, or a submit before the island started.
  const pageResult = useActionData<ContactActionData>();
  const fieldErrors = pageResult?.status === 'error' ? (pageResult.fieldErrors ?? {}) : {};
  const values = pageResult?.status === 'error' ? pageResult.values : undefined;
  const firstInvalid = CONTACT_FIELDS.find((field) => fieldErrors[field]);
  const fieldProps = (name: ContactField) => ({
    name,
    error: fieldErrors[name],
    defaultValue: values?.[name],
    required: true,
    // Without JavaScript this is the only way focus reaches the first invalid field.
    autoFocus: firstInvalid === name,
  });

  return (
    <>
      <form
        id={CONTACT_FORM_ID}
        method="post"
        action={action}
        data-endpoint={CONTACT_ENDPOINT}
        aria-labelledby="contact-form-title"
        className="relative space-y-5"
      >
        <div>
          <Title id="contact-form-title" className="text-xl font-semibold tracking-tight text-fg">
            Send a message
          </Title>
          <p className="mt-1 text-sm text-fg-muted">All fields are required.</p>
        </div>

        {pageResult?.status === 'success' ? (
          <Notice variant="success" title={CONTACT_TEXT.successTitle} body={CONTACT_TEXT.successBody} />
        ) : pageResult?.status === 'error' && pageResult.error ? (
          <Notice variant="error" title={CONTACT_TEXT.errorTitle} body={pageResult.error} focus={!firstInvalid} />
        ) : null}

        <div className="grid gap-5 sm:grid-cols-2">
          <Field {...fieldProps('firstName')} label="First name" autoComplete="given-name" maxLength={CONTACT_LIMITS.name} />
          <Field {...fieldProps('lastName')} label="Last name" autoComplete="family-name" maxLength={CONTACT_LIMITS.name} />
        </div>
        <Field {...fieldProps('email')} label="Email" type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} />
        <Field {...fieldProps('message')} label="Message" multiline rows={5} maxLength={CONTACT_LIMITS.message} />

        {/* Hidden from people and assistive tech; bots that fill every field give themselves away. */}
        <div aria-hidden="true" className="absolute top-auto -left-[10000px] size-px overflow-hidden">
          <label htmlFor={fieldId(HONEYPOT_FIELD)}>Leave this field empty</label>
          <input id={fieldId(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>

        <button
          type="submit"
          className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-accent px-7 py-3 text-[0.9375rem] font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-wait disabled:opacity-75 sm:w-auto"
        >
          Send Message
        </button>
      </form>
      <ToastRegion />
      <ToastTemplate id="contact-toast-success" variant="success" title={CONTACT_TEXT.successTitle} body={CONTACT_TEXT.successBody} />
      <ToastTemplate id="contact-toast-error" variant="error" title={CONTACT_TEXT.errorTitle} body={CONTACT_TEXT.errorBody} />
      <FieldErrorTemplate id="contact-field-error" />
      <SendingTemplate id="contact-sending" />
    </>
  );
}

/** The answer to a POST without JavaScript, shown at the top of the form. */
function Notice({ variant, title, body, focus = true }: { variant: 'success' | 'error'; title: string; body: string; focus?: boolean }) {
  const isError = variant === 'error';
  return (
    <div
      id="contact-notice"
      // Focusable only by script/autofocus, so the page opens on the answer.
      tabIndex={-1}
      autoFocus={focus}
      role={isError ? 'alert' : 'status'}
      data-testid="contact-notice"
      data-variant={variant}
      className={
        isError
          ? 'rounded-lg border border-red-600/40 bg-red-50 p-4 text-red-800 outline-none dark:border-red-400/40 dark:bg-red-950/40 dark:text-red-200'
          : 'rounded-lg border border-accent/30 bg-accent-soft p-4 text-accent-soft-fg outline-none'
      }
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-0.5 text-sm">{body}</p>
    </div>
  );
}
