import { useNavigation } from '@remix-run/react';
import * as React from 'react';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import * as ReactDOM from 'react-dom';
import * as JsxRuntime from 'react/jsx-runtime';
import type { MdxBodyEditorProps } from './MdxBodyEditor.client';

/**
 * The editor (MdxBodyEditor.client) is built apart from Remix's build
 * (scripts/editor-bundle.ts), so no public page's script changes because of
 * it, and is fetched from `scriptUrl` once this page has hydrated. The URL is
 * a variable: Remix's esbuild cannot follow it, and never sees the editor.
 * The bundle takes React from the page through this global (one React:
 * hooks and context); these modules are in the chunk every route already
 * shares, so importing them here changes no other chunk.
 */
const SHARED_GLOBAL = '__portfolioEditorShared';
function loadEditor(scriptUrl: string): Promise<ComponentType<MdxBodyEditorProps>> {
  (globalThis as Record<string, unknown>)[SHARED_GLOBAL] ??= {
    react: React,
    'react-dom': ReactDOM,
    'react/jsx-runtime': JsxRuntime,
  };
  return import(scriptUrl).then((module: { default: ComponentType<MdxBodyEditorProps> }) => module.default);
}

export type BodyEditorProps = {
  name?: string;
  /** The body exactly as in the file, after the frontmatter. */
  defaultValue: string;
  /** The content path, e.g. `content/case-studies/office-depot.mdx`: where uploads go and previews come from. */
  documentPath: string;
  /** `none` for the resume's summary: plain Markdown, no story blocks. */
  blocks: 'case-study' | 'none';
  label?: string;
  onChange?: (body: string) => void;
  /** The editor's script (`/build/editor/editor-<hash>.js`), or null when it was not built: the textarea stays. */
  scriptUrl: string | null;
};

type State = 'raw' | 'loading' | 'ready' | 'failed';

/**
 * The body field of the edit form. Without JavaScript (or if the editor
 * cannot load or open the file) it is a plain textarea of raw MDX; with
 * JavaScript, until the editor has loaded, a box says it is opening. Then
 * MDXEditor mounts here, the textarea is hidden but
 * stays in the form, and it always holds the editor's export: what is posted
 * is what the editor shows. "Source" shows the textarea again for raw edits.
 */
export function BodyEditor({ name = 'body', defaultValue, documentPath, blocks, label = 'Story', onChange, scriptUrl }: BodyEditorProps) {
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<State>('raw');
  const [mode, setMode] = useState<'visual' | 'source'>('visual');
  const [problem, setProblem] = useState('');
  const [unavailable, setUnavailable] = useState('');
  const [MdxBodyEditor, setMdxBodyEditor] = useState<ComponentType<MdxBodyEditorProps> | null>(null);
  // While the page's form is being sent, what is typed would not be in what was sent: the editor holds still.
  const sending = useNavigation().state === 'submitting';
  useEffect(() => {
    if (!scriptUrl) {
      setUnavailable('its script was not built: run "npm run build"');
      setState('failed');
      return;
    }
    let current = true;
    setState('loading');
    loadEditor(scriptUrl).then(
      (component) => current && setMdxBodyEditor(() => component),
      (error: unknown) => {
        if (!current) return;
        setUnavailable(`its script did not load: ${error instanceof Error ? error.message : String(error)}`);
        setState('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [scriptUrl]);
  const live = state === 'loading' || state === 'ready';
  // With scripts, the visual editor is on its way from the first paint (a publish's answer is a new page too): the
  // raw MDX is not drawn meanwhile, only a box that says it is opening. Without scripts the textarea is the editor.
  const opening = state === 'raw' || state === 'loading';

  return (
    <div data-mdx-body data-body-editor={state} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={`${id}-source`} className="text-sm font-medium">
          {label}
        </label>
        {state === 'ready' ? (
          <div role="group" aria-label="Editing view" className="inline-flex rounded-full border border-border p-0.5 text-sm">
            {(['visual', 'source'] as const).map((view) => (
              <button
                key={view}
                type="button"
                aria-pressed={mode === view}
                data-view={view}
                onClick={() => setMode(view)}
                className="rounded-full px-3 py-1 font-medium text-fg-muted aria-pressed:bg-bg-muted aria-pressed:text-fg"
              >
                {view === 'visual' ? 'Visual' : 'Source'}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <textarea
        ref={textarea}
        id={`${id}-source`}
        name={name}
        data-body-source
        defaultValue={defaultValue}
        hidden={state === 'ready' && mode === 'visual'}
        rows={24}
        spellCheck
        aria-describedby={problem || unavailable ? `${id}-problem` : undefined}
        className={`min-h-64 w-full rounded-xl border border-border bg-bg px-4 py-3 font-mono text-sm leading-relaxed text-fg outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 ${opening ? 'body-source-waiting' : ''}`}
      />
      {opening ? (
        <p
          data-body-opening
          className="body-opening-note grid min-h-64 place-items-center rounded-xl border border-border text-sm text-fg-muted noscript:hidden"
        >
          Opening the visual editor…
        </p>
      ) : null}
      {unavailable ? (
        <p id={`${id}-problem`} role="status" className="text-sm text-fg-muted">
          The visual editor is not available here ({unavailable}). The story is shown as text, with its blocks written out; edit it here.
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} role="status" className="text-sm text-fg-muted">
          The visual editor could not open this story ({problem}). It is shown as text instead, with its blocks written out; your changes
          here are kept.
        </p>
      ) : null}
      {live && textarea.current && MdxBodyEditor ? (
        <MdxBodyEditor
          textarea={textarea.current}
          documentPath={documentPath}
          blocks={blocks}
          label={label}
          mode={mode}
          onReady={() => setState('ready')}
          onFailed={(why) => {
            setProblem(why);
            setState('failed');
          }}
          onChange={onChange}
          readOnly={sending}
        />
      ) : null}
    </div>
  );
}
