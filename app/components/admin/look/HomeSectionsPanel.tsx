import { useEffect, useRef } from 'react';
import { BUTTON } from '~/components/admin/content/buttons';
import { CONTACT_MOVES_NOTE, HOME_SECTION_NAMES, shownSections, type HomeOrder, type HomeSection } from '~/content/home-sections';
import { HOME_FORM, homeChangeValue, type HomeChange } from '~/look/home-form';

/**
 * The Look page's "Home page sections": a row per section, in her order,
 * each with Move up, Move down and Hide (or Show). The buttons are the look
 * form's own submit buttons, so each change is a preview (with or without
 * JavaScript) and Publish publishes the sections with the look. After a
 * change, focus comes back to the button she pressed (or, at the end of the
 * list, its neighbour), and a status line says what happened.
 */

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/** What the status line says after a change. */
function changeSentence({ change, section }: HomeChange, home: HomeOrder): string {
  const name = HOME_SECTION_NAMES[section];
  if (change === 'hide') return `${name}: hidden from your home page.`;
  if (change === 'show') return `${name}: shown on your home page.`;
  const at = home.order.indexOf(section);
  return `${name} moved ${change}: now ${ORDINALS[at] ?? `number ${at + 1}`} of ${home.order.length}.`;
}

/** The button focus returns to after a change: the one she pressed, or the other way once the row reached the end. */
function focusAfter({ change, section }: HomeChange, home: HomeOrder): HomeChange {
  if (change === 'hide') return { change: 'show', section };
  if (change === 'show') return { change: 'hide', section };
  const at = home.order.indexOf(section);
  if (change === 'up' && at <= 1) return { change: 'down', section };
  if (change === 'down' && at >= home.order.length - 1) return { change: 'up', section };
  return { change, section };
}

export function HomeSectionsPanel({ home, lastChange }: { home: HomeOrder; lastChange: HomeChange | null }) {
  const list = useRef<HTMLOListElement>(null);
  const focused = lastChange ? homeChangeValue(focusAfter(lastChange, home)) : null;
  useEffect(() => {
    if (!focused) return;
    list.current?.querySelector<HTMLButtonElement>(`button[value="${focused}"]`)?.focus();
  }, [focused, home]);
  const shown = shownSections(home);
  const hidden = new Set(home.hidden);

  const button = (change: HomeChange, label: string, disabled = false) => {
    const value = homeChangeValue(change);
    return (
      <button
        type="submit"
        name={HOME_FORM.change}
        value={value}
        disabled={disabled}
        // Without JavaScript the page comes back from the post: focus is put back where she was.
        autoFocus={value === focused}
        className={`${BUTTON} h-9 px-3`}
      >
        {label}
        <span className="sr-only"> {HOME_SECTION_NAMES[change.section]}</span>
      </button>
    );
  };

  const row = (section: HomeSection, at: number) => {
    const isShown = !hidden.has(section);
    return (
      <li
        key={section}
        data-home-row={section}
        data-shown={isShown}
        className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0 sm:flex-row sm:items-center sm:gap-4"
      >
        <div className="min-w-0 sm:flex-1">
          <p className="font-medium">{HOME_SECTION_NAMES[section]}</p>
          <p className="text-sm text-fg-muted">
            {section === 'hero'
              ? 'Always first, always shown: your name, your title and your photo.'
              : isShown
                ? `Shown, ${ORDINALS[shown.indexOf(section)] ?? `number ${shown.indexOf(section) + 1}`} on the page.`
                : 'Hidden: visitors do not see it.'}
          </p>
          {section === 'contact' && !isShown ? (
            <p data-contact-moves className="mt-1 text-sm font-medium text-fg">
              {CONTACT_MOVES_NOTE}
            </p>
          ) : null}
          {section === 'case-studies' && !isShown ? (
            <p className="mt-1 text-sm text-fg">The menu’s Case Studies link goes too, until you show them again.</p>
          ) : null}
        </div>
        {section === 'hero' ? null : (
          <div className="flex flex-wrap gap-2">
            {button({ change: 'up', section }, 'Move up', at <= 1)}
            {button({ change: 'down', section }, 'Move down', at >= home.order.length - 1)}
            {isShown ? button({ change: 'hide', section }, 'Hide') : button({ change: 'show', section }, 'Show')}
          </div>
        )}
      </li>
    );
  };

  return (
    <fieldset className="mt-8" data-home-sections>
      <legend className="text-lg font-semibold tracking-tight">Home page sections</legend>
      <p className="mt-1 text-sm text-fg-muted">
        Which parts of your home page show, and in what order. The menu follows. Each change shows in the preview below (open the home page
        there in a new tab to scroll through all of it); Publish puts it live with your look.
      </p>
      <input type="hidden" name={HOME_FORM.order} value={home.order.join(',')} />
      <input type="hidden" name={HOME_FORM.hidden} value={home.hidden.join(',')} />
      <ol ref={list} className="mt-3 rounded-xl border border-border px-4">
        {home.order.map(row)}
      </ol>
      <p role="status" className="mt-2 min-h-5 text-sm text-fg-muted" data-home-status>
        {lastChange ? changeSentence(lastChange, home) : ''}
      </p>
    </fieldset>
  );
}
