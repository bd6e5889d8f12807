import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

/**
 * One labelled form control with its error right below it. The error is tied
 * to the control with aria-describedby and aria-invalid, so a screen reader
 * reads it when the field gets focus. aria-invalid also gives the control its
 * red border, so a script that shows an error (app/islands/contact.ts) sets
 * the attribute and the look follows.
 */

const CONTROL =
  'block w-full rounded-lg border bg-bg px-3.5 py-3 text-base text-fg shadow-xs transition-colors ' +
  'placeholder:text-fg-muted/70 outline-none focus-visible:ring-2 focus-visible:ring-offset-0 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 ' +
  'border-border hover:border-fg-muted/50 focus-visible:border-ring focus-visible:ring-ring/30 ' +
  'aria-invalid:border-red-600 aria-invalid:hover:border-red-600 aria-invalid:focus-visible:border-red-600 aria-invalid:focus-visible:ring-red-600/25 ' +
  'dark:aria-invalid:border-red-400 dark:aria-invalid:hover:border-red-400 dark:aria-invalid:focus-visible:border-red-400 dark:aria-invalid:focus-visible:ring-red-400/30';

const ERROR = 'mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-600 dark:text-red-400';

function ErrorIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0">
      <path
        fillRule="evenodd"
        d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** A field's error as a <template>, for a script to fill in (its id, and the message in the <span>). */
export function FieldErrorTemplate({ id }: { id: string }) {
  return (
    <template id={id}>
      <p className={ERROR}>
        <ErrorIcon />
        <span />
      </p>
    </template>
  );
}

type Common = { name: string; label: string; error?: string; id?: string };

type InputProps = Common & { multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'className'>;
type TextareaProps = Common & { multiline: true } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'className'>;

export function fieldId(name: string) {
  return `contact-${name}`;
}

export function Field({ name, label, error, multiline, id: givenId, ...control }: InputProps | TextareaProps) {
  const id = givenId ?? fieldId(name);
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: CONTROL,
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)}
          {...shared}
          className={`${shared.className} min-h-32 resize-y`}
        />
      ) : (
        <input {...(control as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
      )}
      {error ? (
        <p id={errorId} className={ERROR}>
          <ErrorIcon />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
