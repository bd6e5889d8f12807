import { Form, Link, useNavigation } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { BUTTON, PRIMARY } from '~/components/admin/content/buttons';
import { useAnswerKey } from '~/components/admin/kit/useAnswerKey';
import type { LookPublishResult } from '~/editing/look/publish-look.server';
import type { ModeSummary } from '~/editing/open.server';
import { DEFAULT_LOOK, HEX_COLOUR, normaliseHex, type Look } from '~/look/look';
import { readLookForm, type LookFormProblems, type LookFormValues } from '~/look/look-form';
import { adjustmentNotes } from '~/look/look-words';
import { derivePalette } from '~/look/palette';
import { AdjustedShades } from './AdjustedShades';
import { Choice, LookChoices } from './LookChoices';
import { LookPreview } from './LookPreview';
import { LookResult } from './LookResult';
import { HomeSectionsPanel } from './HomeSectionsPanel';
import type { HomeOrder } from '~/content/home-sections';
import type { HomeChange } from '~/look/home-form';

/**
 * The Look page: her choices, what the site does with her accent, her home
 * page's sections, and her pages in the look, then Preview and Publish. Without JavaScript, Preview
 * posts the form and the page comes back with the frames in the new look;
 * with it, the frames and the sentence follow her choices as she makes them
 * (after a short pause, so a dragged colour picker does not redraw every
 * frame at each step).
 */

type LookPageData = {
  values: LookFormValues;
  home: HomeOrder;
  baseBlobId: string | null;
  mode: ModeSummary;
  unreachable: string | null;
  caseStudy: boolean;
};
type LookAnswer = {
  intent: 'preview' | 'publish';
  values: LookFormValues;
  problems: LookFormProblems;
  home: HomeOrder;
  homeChange: HomeChange | null;
  result?: LookPublishResult;
  baseBlobId: string | null;
};

const LIVE_PREVIEW_DELAY_MS = 450;

const lookOf = (values: LookFormValues, fallback: Look): Look =>
  readLookForm((name) => values[name as keyof Look] ?? null).look ?? fallback;

export function LookEditor({ page, answer }: { page: LookPageData; answer?: LookAnswer }) {
  const published = useMemo(() => lookOf(page.values, DEFAULT_LOOK), [page.values]);
  const answerKey = useAnswerKey(answer);
  const values = answer?.values ?? page.values;
  const problems = answer?.problems ?? {};
  const home = answer?.home ?? page.home;
  const shown = lookOf(values, published);
  const [live, setLive] = useState<Look>(shown);
  const shownKey = JSON.stringify(shown);
  // A new answer (Preview, Publish) is what the page shows from then on.
  useEffect(() => setLive(JSON.parse(shownKey) as Look), [shownKey]);
  const notes = useMemo(() => adjustmentNotes(derivePalette(live).adjustments, live.scheme), [live]);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const input = event.target as HTMLInputElement;
    // The picker and the text field say the same colour: whichever she used, the other follows.
    const typed = form.elements.namedItem('accent') as HTMLInputElement | null;
    const picker = form.elements.namedItem('accentPicker') as HTMLInputElement | null;
    if (input.name === 'accentPicker' && typed) typed.value = input.value;
    if (input.name === 'accent' && picker) {
      const text = input.value.trim();
      const hex = /^#/.test(text) ? text : `#${text}`;
      if (HEX_COLOUR.test(hex)) picker.value = normaliseHex(hex);
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const data = new FormData(form);
      const read = readLookForm((name) => {
        const value = data.get(name);
        return typeof value === 'string' ? value : null;
      });
      if (read.look) setLive(read.look);
    }, LIVE_PREVIEW_DELAY_MS);
  };

  const accentProblem = problems.accent;
  const formError = Object.keys(problems).length > 0;
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">Your look</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">
        The colour, greys, typeface and corners of every page of your site, your resume and its sharing images, and how your home page shows
        your work and your portrait. Whatever you pick, text stays readable: where your colour would be too faint, the site uses a shade of
        it that can be read.
      </p>
      {page.unreachable ? (
        <p role="status" className="mt-4 rounded-2xl border border-amber-600/35 bg-amber-500/10 p-4 text-sm">
          Your site’s files could not be read just now, so this page shows the look your site serves. Reload in a minute to publish.
        </p>
      ) : null}
      {page.mode.mode === 'read-only' ? (
        <p role="status" className="mt-4 rounded-2xl border border-amber-600/35 bg-amber-500/10 p-4 text-sm">
          You can try looks here, but publishing is not connected yet, so none can go live.{' '}
          {page.mode.fixHref ? (
            <Link to={page.mode.fixHref} className="font-medium text-accent underline underline-offset-4">
              Connect publishing
            </Link>
          ) : null}
        </p>
      ) : null}
      {formError ? (
        <p
          key={answerKey}
          role="alert"
          data-save-result={answer?.intent === 'publish' ? 'invalid' : undefined}
          className="mt-6 rounded-2xl border border-red-600/30 bg-red-500/8 p-4 text-sm"
        >
          <span className="font-semibold">{answer?.intent === 'publish' ? 'Not published yet: ' : 'Nothing to preview yet: '}</span>
          {Object.values(problems).join(' ')}
        </p>
      ) : null}
      {answer?.result ? <LookResult key={answerKey} result={answer.result} /> : null}
      <Form method="post" data-site-look onInput={onInput} className="mt-6 max-w-3xl">
        {/* The form's default button (Enter in a field): Preview, not the first of the sections' buttons below. */}
        <button type="submit" name="intent" value="preview" hidden tabIndex={-1} />
        <input type="hidden" name="baseBlobId" value={answer?.baseBlobId ?? page.baseBlobId ?? ''} />
        <input type="hidden" name="accentWas" value={values.accent} />
        <input type="hidden" name="accentPickerWas" value={shown.accent} />
        <Choice
          legend="Accent colour"
          hint="Links, buttons and highlights. Pick it, or type its hex code."
          name="accent"
          problem={accentProblem}
        >
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="color"
                name="accentPicker"
                defaultValue={shown.accent}
                className="h-11 w-14 cursor-pointer rounded-lg border border-border bg-bg p-1"
              />
              Pick
            </label>
            <label className="flex items-center gap-2 text-sm font-medium">
              Hex code
              <input
                type="text"
                name="accent"
                defaultValue={values.accent}
                inputMode="text"
                autoComplete="off"
                spellCheck={false}
                maxLength={40}
                aria-invalid={accentProblem ? true : undefined}
                aria-describedby={accentProblem ? 'accent-problem' : undefined}
                className="h-11 w-36 rounded-lg border border-border bg-bg px-3 font-mono text-[0.9375rem] aria-[invalid=true]:border-red-600"
              />
            </label>
          </div>
          <AdjustedShades notes={notes} />
        </Choice>
        <LookChoices values={values} problems={problems} />
        <HomeSectionsPanel home={home} lastChange={answer?.homeChange ?? null} />
        <div className="sticky bottom-0 z-10 -mx-5 mt-8 flex flex-wrap items-center gap-3 border-t border-border bg-bg px-5 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
          <button type="submit" name="intent" value="preview" disabled={Boolean(sending)} className={BUTTON}>
            {sending === 'preview' ? 'Previewing…' : 'Preview'}
          </button>
          <button type="submit" name="intent" value="publish" disabled={Boolean(sending)} className={PRIMARY}>
            {sending === 'publish' ? 'Publishing…' : 'Publish'}
          </button>
          <span className="hidden text-sm text-fg-muted sm:inline">Publishing changes every page of your site at once.</span>
        </div>
      </Form>
      <LookPreview look={live} caseStudy={page.caseStudy} home={home} />
    </>
  );
}
