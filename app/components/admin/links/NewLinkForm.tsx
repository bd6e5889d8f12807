import { Form, useActionData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Field } from '~/components/ui';
import { IntentButton } from '~/components/admin/kit/IntentButton';
import { DEFAULT_LINK_DAYS, EXPIRY_CHOICES } from '~/access/share-link-rules';
import type { LinksActionData, NewLinkValues } from './types';

const MAKE_LINK_BUTTON =
  'h-11 rounded-full bg-accent px-6 text-[0.9375rem] font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover disabled:opacity-60';

const DEFAULTS: NewLinkValues = { label: '', scope: 'all', caseStudies: [], days: String(DEFAULT_LINK_DAYS), notify: true };
const CONTROL =
  'rounded-lg border border-border bg-bg px-3 py-2.5 text-base text-fg shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30';

/** A radio button or checkbox with its words, in the form's one style. */
function Choice({
  children,
  ...input
}: {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  defaultChecked: boolean;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2.5">
      <input {...input} className="size-4 accent-[var(--accent)]" />
      {children}
    </label>
  );
}

/** Making a link: who it is for, what it opens, how long, and whether to hear of the first open. Typed values survive an error. */
export function NewLinkForm({ choices }: { choices: { slug: string; title: string }[] }) {
  const answer = useActionData<LinksActionData>();
  const failed = answer && 'errors' in answer ? answer : undefined;
  const values = failed?.values ?? DEFAULTS;
  const submitting = useNavigation().formData?.get('intent') === 'create';
  return (
    <Form
      method="post"
      id="new-link"
      className="grid gap-5 rounded-2xl border border-border bg-bg-subtle p-5 sm:p-6"
      aria-labelledby="new-link-title"
    >
      <h2 id="new-link-title" className="text-lg font-semibold tracking-tight">
        New share link
      </h2>
      <Field
        id="link-label"
        name="label"
        label="Who it is for"
        placeholder="Acme · Jane Doe, recruiter"
        defaultValue={values.label}
        error={failed?.errors.label}
        autoFocus={Boolean(failed?.errors.label)}
        maxLength={200}
        required
      />
      <fieldset aria-describedby={failed?.errors.caseStudies ? 'link-scope-error' : undefined}>
        <legend className="mb-2 text-sm font-medium">What it opens</legend>
        <div className="grid gap-2 text-[0.9375rem]">
          <Choice type="radio" name="scope" value="all" defaultChecked={values.scope === 'all'}>
            All private case studies, including ones added later
          </Choice>
          <Choice type="radio" name="scope" value="some" defaultChecked={values.scope === 'some'}>
            Only these:
          </Choice>
          {choices.length === 0 ? (
            <p className="ml-7 text-sm text-fg-muted">
              No case study is private yet: open one in Content and set its Visibility to Private.
            </p>
          ) : (
            <ul className="ml-7 grid gap-1.5">
              {choices.map((choice) => (
                <li key={choice.slug}>
                  <Choice type="checkbox" name="caseStudies" value={choice.slug} defaultChecked={values.caseStudies.includes(choice.slug)}>
                    {choice.title}
                  </Choice>
                </li>
              ))}
            </ul>
          )}
        </div>
        {failed?.errors.caseStudies ? (
          <p id="link-scope-error" className="mt-2 text-sm font-medium text-red-600 dark:text-red-400">
            {failed.errors.caseStudies}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap items-end gap-x-8 gap-y-4">
        <div>
          <label htmlFor="link-days" className="mb-1.5 block text-sm font-medium">
            Works for
          </label>
          <select id="link-days" name="days" defaultValue={values.days} className={CONTROL}>
            {EXPIRY_CHOICES.map((days) => (
              <option key={days} value={days}>
                {days === 365 ? '1 year' : `${days} days`}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2.5 pb-2.5 text-[0.9375rem]">
          <input type="checkbox" name="notify" defaultChecked={values.notify} className="size-4 accent-[var(--accent)]" />
          E-mail me when it is first opened
        </label>
      </div>
      <div>
        <IntentButton intent="create" busy={submitting} busyLabel="Making the link…" className={MAKE_LINK_BUTTON}>
          Make link
        </IntentButton>
      </div>
    </Form>
  );
}
