import { Form, useActionData, useFetcher } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_TEXT,
  HONEYPOT_FIELD,
  type ContactActionData,
  type ContactField,
  type ContactFieldErrors,
} from '~/contact/form';
import { Field, fieldId } from './Field';
import { ToastRegion, type ToastMessage } from './Toast';

/**
 * Without JavaScript this is a plain POST to the index route's action, and the
 * page comes back with the answer inline and focus (hence the scroll
 * position) on it: the first invalid field, or else the message. A fragment in
 * the action URL would do the scrolling but would also switch autofocus off
 * (browsers skip autofocus when the URL has a target), so there is none.
 * With JavaScript the same form goes through a fetcher: no navigation, a
 * toast for the answer, the fields cleared only on success.
 */
export const CONTACT_FORM_ID = 'contact-form';
const ACTION = '/?index';

export function ContactForm() {
  // Set only by a document POST: JavaScript off, or a submit before hydration.
  const actionData = useActionData<ContactActionData>();
  const fetcher = useFetcher<ContactActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<unknown>(null);
  const [enhanced, setEnhanced] = useState(false);
  // Marks the form as handled by JavaScript (tests wait for it before submitting).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [fieldErrors, setFieldErrors] = useState<ContactFieldErrors>(actionData?.status === 'error' ? (actionData.fieldErrors ?? {}) : {});
  const [focusTarget, setFocusTarget] = useState<{ field: ContactField } | null>(null);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const sending = fetcher.state !== 'idle';

  useEffect(() => {
    if (focusTarget) document.getElementById(fieldId(focusTarget.field))?.focus();
  }, [focusTarget]);

  // The fetcher's answer, handled once per response.
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || handled.current === result) return;
    handled.current = result;
    if (result.status === 'success') {
      setFieldErrors({});
      const form = formRef.current;
      // Emptied one by one rather than form.reset(): reset() would bring back
      // the values a no-JS error page rendered as defaults.
      for (const field of CONTACT_FIELDS) {
        const control = form?.elements.namedItem(field);
        if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) control.value = '';
      }
      setToast({ id: Date.now(), variant: 'success', title: CONTACT_TEXT.successTitle, body: CONTACT_TEXT.successBody });
      return;
    }
    const errors = result.fieldErrors ?? {};
    const first = CONTACT_FIELDS.find((field) => errors[field]);
    if (first) {
      setFieldErrors(errors);
      // A fresh object each time, so the same field is focused again on a resubmit.
      setFocusTarget({ field: first });
    }
    if (result.error) {
      console.error(`Failed to send message (${result.code ?? 'unknown error'})`);
      setToast({ id: Date.now(), variant: 'error', title: CONTACT_TEXT.errorTitle, body: CONTACT_TEXT.errorBody });
    }
  }, [fetcher.state, fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Remix's <Form> skips its own navigation when the default is prevented.
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    setEnhanced(true);
    // The browser checks required, length and e-mail type; the server's schema
    // (one source of truth, shared with the function) answers with every
    // remaining field error at once, without sending anything.
    setFieldErrors({});
    setToast(null);
    fetcher.submit(form, { method: 'post', action: ACTION });
  }

  function onInput(event: FormEvent<HTMLFormElement>) {
    // An error describes what was typed; once that changes it no longer applies.
    const name = (event.target as HTMLInputElement).name as ContactField;
    if (fieldErrors[name]) setFieldErrors(({ [name]: _cleared, ...rest }) => rest);
  }

  const dismissToast = useCallback(() => setToast(null), []);
  // The no-JS answer stays until the visitor submits again with JavaScript.
  const pageResult = enhanced ? undefined : actionData;
  const values = pageResult?.status === 'error' ? pageResult.values : undefined;
  const firstInvalid = enhanced ? undefined : CONTACT_FIELDS.find((field) => fieldErrors[field]);
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
      <Form
        ref={formRef}
        id={CONTACT_FORM_ID}
        method="post"
        action={ACTION}
        onSubmit={onSubmit}
        onInput={onInput}
        aria-labelledby="contact-form-title"
        data-hydrated={hydrated ? 'true' : undefined}
        className="relative space-y-5"
      >
        <div>
          <h3 id="contact-form-title" className="text-xl font-semibold tracking-tight text-fg">
            Send a message
          </h3>
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
          disabled={sending}
          className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-accent px-7 py-3 text-[0.9375rem] font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-wait disabled:opacity-75 sm:w-auto"
        >
          {sending ? (
            <>
              <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className="size-4 motion-safe:animate-spin">
                <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
                <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
              </svg>
              Sending...
            </>
          ) : (
            'Send Message'
          )}
        </button>
      </Form>
      <ToastRegion toast={toast} onDismiss={dismissToast} />
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
