import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Condition } from '~/editing/documents/fields';

const AUTOSAVE_MS = 1200;

/**
 * What JavaScript adds to the edit form, which works without it:
 * - the draft is kept as the designer types (debounced, and at once when the
 *   tab is hidden or closed), so a closed tab or an expired session loses
 *   nothing;
 * - fields that apply only to some statuses show and hide as the status
 *   changes (without JavaScript they follow the saved values).
 * Returns the autosave's state, in words.
 */
export type AutosavePhase = 'idle' | 'pending' | 'saving';

export type EditorEnhancements = {
  state: string | null;
  phase: AutosavePhase;
  /** The button whose post is on its way ('publish', 'save'), from the click until the next page. */
  sending: string | null;
  /** Something was typed since the page loaded. */
  edited: boolean;
};

export function useEditorEnhancements(formId: string, path: string): EditorEnhancements {
  const [state, setState] = useState<string | null>(null);
  const [phase, setPhase] = useState<AutosavePhase>('idle');
  const [sending, setSending] = useState<string | null>(null);
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let dirty = false;
    let inFlight: Promise<void> | null = null;

    const save = async (keepalive = false) => {
      if (!dirty) return setPhase('idle');
      dirty = false;
      setPhase('saving');
      const body = new FormData(form);
      body.set('intent', 'save');
      // The server keeps the newest text when saves arrive out of order (one on its way as the tab closed).
      body.set('_typedAt', String(Date.now()));
      setState('Saving…');
      try {
        // A closing page's request outlives it only with keepalive, which takes 64 KB at most: a longer page is sent as usual.
        const small = keepalive && [...body.values()].reduce((sum, value) => sum + (typeof value === 'string' ? value.length * 3 : value.size), 0) < 60_000;
        const answer = await fetch('/admin/content/api/draft', { method: 'POST', body, credentials: 'same-origin', keepalive: small, headers: { accept: 'application/json' } });
        const json = (await answer.json().catch(() => null)) as { saved?: string; unchanged?: boolean; error?: string } | null;
        if (answer.ok && json?.unchanged) setState('No changes, so no draft is kept.');
        else if (answer.ok && json?.saved) setState(`Draft saved ${new Date(json.saved).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`);
        else if (answer.status === 401 || answer.redirected) setState('Signed out: sign in again in another tab, then keep typing.');
        else setState(json?.error ?? 'The draft could not be saved; it is still here in the page.');
        if (!answer.ok) dirty = true;
      } catch {
        dirty = true;
        setState('Offline: the draft will be saved when the connection is back.');
      }
      setPhase(dirty ? 'pending' : 'idle');
    };
    const schedule = () => {
      dirty = true;
      setEdited(true);
      setPhase('pending');
      clearTimeout(timer);
      timer = setTimeout(() => {
        inFlight = (inFlight ?? Promise.resolve()).then(() => save());
      }, AUTOSAVE_MS);
    };
    const flush = () => {
      if (document.visibilityState === 'hidden' && dirty) {
        clearTimeout(timer);
        void save(true);
      }
    };
    const toggle = () => {
      const value = (name: string) => {
        const control = form.elements.namedItem(name) as HTMLSelectElement | HTMLInputElement | null;
        if (!control) return '';
        return control.value || control.querySelector?.('option[value=""]')?.textContent?.match(/^(\S+) \(default\)$/)?.[1]?.toLowerCase() || '';
      };
      // The form's own fields, and what stands beside it for one of them (the password beside the Private setting).
      for (const element of document.querySelectorAll<HTMLElement>(`#${formId} [data-show-when], [data-show-when-of="${formId}"]`)) {
        const conditions = JSON.parse(element.dataset.showWhen ?? '[]') as Condition[];
        element.hidden = !conditions.every((condition) => condition.in.includes(value(condition.name)));
      }
    };
    const changed = (event: Event) => {
      if ((event.target as HTMLElement).tagName === 'SELECT') toggle();
      schedule();
    };
    // The form's own POST carries everything: a save racing it could bring back a draft the publish just cleared.
    let posting = false;
    const submitted = (event: SubmitEvent) => {
      const intent = event.submitter?.getAttribute('value') ?? 'save';
      // Preview opens a new tab and leaves this page where it is.
      if (intent === 'preview') return;
      // A second click while the first post is on its way would send the edit twice.
      if (posting) return event.preventDefault();
      posting = true;
      const typedAt = form.elements.namedItem('_typedAt');
      if (typedAt instanceof HTMLInputElement) typedAt.value = String(Date.now());
      clearTimeout(timer);
      dirty = false;
      setPhase('idle');
      // On the next task: a button disabled before the browser reads the form would not be posted (its intent lost).
      // Drawn in that task, not whenever React next gets to it: on a busy page that was over 150 ms after the click.
      setTimeout(() => flushSync(() => setSending(intent)));
    };
    // Back to this page from the history (bfcache): nothing is on its way any more.
    const shown = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      posting = false;
      setSending(null);
    };
    // Every listener, added once and removed with the same list.
    const listeners: [EventTarget, string, (event: never) => void][] = [
      [window, 'pageshow', shown],
      [form, 'submit', submitted],
      [form, 'input', schedule],
      [form, 'change', changed],
      [document, 'visibilitychange', flush],
      [window, 'pagehide', flush],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener as EventListener);
    return () => {
      clearTimeout(timer);
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener as EventListener);
    };
  }, [formId, path]);
  return { state, phase, sending, edited };
}
