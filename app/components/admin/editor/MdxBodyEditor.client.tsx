import {
  headingsPlugin,
  imagePlugin,
  jsxPlugin,
  linkDialogPlugin,
  linkPlugin,
  listsPlugin,
  markdownShortcutPlugin,
  MDXEditor,
  quotePlugin,
  thematicBreakPlugin,
  toolbarPlugin,
  type JsxComponentDescriptor,
  type MDXEditorMethods,
} from '@mdxeditor/editor';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BLOCK_FORMS } from './block-forms.generated';
import { BlockCard } from './BlockCard';
import { frameBody, mediaUrl, sameBesideBlankLines, unframeBody } from './body-text';
import { EditorEnvContext, storyImages, storyVideos, type EditorEnv, type PickedImage } from './editor-env';
import { houseLayoutPlugin } from './house-layout-plugin';
import { HOUSE_TO_MARKDOWN } from './house-settings';
import { ImageDialog, type ImageRequest } from './ImageDialog';
import { Toolbar, type InsertImage } from './Toolbar';
import { keepTripleClickInBlock } from './triple-click';

export type MdxBodyEditorProps = {
  textarea: HTMLTextAreaElement;
  documentPath: string;
  blocks: 'case-study' | 'none';
  /** The field's label, given to the editable area too (the visible <label> names the textarea). */
  label: string;
  /** 'source' while the raw textarea is shown instead; back to 'visual' reloads the editor from it. */
  mode: 'visual' | 'source';
  onReady: () => void;
  onFailed: (why: string) => void;
  onChange?: (body: string) => void;
  /** True while the page's form is being sent (BodyEditor reads Remix's navigation: this bundle has no Remix of its own). */
  readOnly?: boolean;
};

/** Every story block is a card; '*' keeps a tag the site does not know exactly as written. */
const DESCRIPTORS: JsxComponentDescriptor[] = [
  ...Object.values(BLOCK_FORMS)
    .filter((form) => !form.parent)
    .map((form) => ({
      name: form.name,
      kind: 'flow' as const,
      props: form.fields.map((f) => ({
        name: f.name,
        type: f.kind === 'number' ? ('number' as const) : ('string' as const),
        required: f.required,
      })),
      hasChildren: form.children.kind !== 'none',
      Editor: BlockCard,
    })),
  { name: '*', kind: 'flow', props: [], hasChildren: true, Editor: BlockCard },
];

/**
 * MDXEditor over the body textarea (loaded lazily by BodyEditor). The
 * textarea stays the form's field: after the editor has loaded, and after
 * every change, it holds the editor's export in the file's own frame
 * (body-text.ts), and after each change of hers an `input` event tells the
 * page (autosave) so.
 */
export default function MdxBodyEditor({
  textarea,
  documentPath,
  blocks,
  label,
  mode,
  onReady,
  onFailed,
  onChange,
  readOnly = false,
}: MdxBodyEditorProps) {
  const editor = useRef<MDXEditorMethods>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const frame = useRef(frameBody(textarea.value));
  // The last export written (or, on load, kept back): the field may hold the file's own bytes instead.
  const exported = useRef<string | null>(null);
  const failed = useRef(false);
  const insertRef = useRef<InsertImage | null>(null);
  const [request, setRequest] = useState<ImageRequest | null>(null);
  const dark = useDarkScheme();
  const sending = readOnly;

  // The story's images, and those uploaded since: every picker offers them.
  const [images, setImages] = useState(() => storyImages(textarea.value));
  const [videos, setVideos] = useState(() => storyVideos(textarea.value));
  const [announcement, setAnnouncement] = useState('');
  const env = useMemo<EditorEnv>(() => {
    const pickImages: EditorEnv['pickImages'] = (options = {}) =>
      new Promise<PickedImage[]>((resolve) =>
        setRequest({
          ...options,
          multiple: true,
          resolve: (picked) => {
            const added = picked.map((image) => image.src);
            setImages((list) => [...list, ...added.filter((src, i) => !list.includes(src) && added.indexOf(src) === i)]);
            resolve(picked);
          },
        }),
      );
    return {
      documentPath,
      images,
      pickImages,
      pickImage: ({ file, ...options } = {}) =>
        new Promise<PickedImage | null>((resolve) =>
          setRequest({
            ...options,
            ...(file ? { files: [file] } : {}),
            resolve: (picked) => {
              const image = picked[0] ?? null;
              if (image) setImages((list) => (list.includes(image.src) ? list : [...list, image.src]));
              resolve(image);
            },
          }),
        ),
      videos,
      addVideo: (src) => setVideos((list) => (list.includes(src) ? list : [...list, src])),
      // The same sentence twice is still news: a no-break space makes it a change the live region reads.
      announce: (text) => setAnnouncement((was) => (was === text ? `${text}\u00a0` : text)),
    };
  }, [documentPath, images, videos]);

  const plugins = useMemo(
    () => [
      houseLayoutPlugin(),
      headingsPlugin({ allowedHeadingLevels: [2, 3, 4] }),
      listsPlugin(),
      quotePlugin(),
      linkPlugin(),
      linkDialogPlugin(),
      // No upload handler: uploads go through the alt-text dialog (drops included, see onDrop), never straight in.
      imagePlugin({ disableImageResize: true, imagePreviewHandler: (src) => Promise.resolve(mediaUrl(documentPath, src)) }),
      thematicBreakPlugin(),
      ...(blocks === 'case-study' ? [jsxPlugin({ jsxComponentDescriptors: DESCRIPTORS })] : []),
      markdownShortcutPlugin(),
      toolbarPlugin({ toolbarClassName: 'mdx-body-toolbar', toolbarContents: () => <Toolbar insertRef={insertRef} /> }),
    ],
    [blocks, documentPath],
  );

  /** `quiet`: the editor's own reading of the file, not her change, so nothing tells the autosave. */
  function sync(markdown: string, { quiet = false } = {}) {
    if (failed.current) return;
    const body = unframeBody(frame.current, markdown);
    // The editor reports its unchanged document again after loading: only a new export is a change.
    if (body === exported.current) return;
    exported.current = body;
    if (textarea.value === body) return;
    // Blank lines aside the same as the file: the file keeps its own bytes until she changes something.
    if (quiet && sameBesideBlankLines(textarea.value, body)) return;
    textarea.value = body;
    if (quiet) return;
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
    onChange?.(body);
  }
  // The effects below run on load and on a change of mode only; they read the props of the latest render.
  const latest = useRef({ sync, label, onReady, textarea });
  latest.current = { sync, label, onReady, textarea };

  // Loaded: the export of the untouched document goes into the field at once (the same bytes, when the house settings
  // hold), quietly: opening a page (the page a publish answers with, too) is no edit of hers, so it makes no draft.
  useEffect(() => {
    const { sync, label, onReady } = latest.current;
    if (!editor.current || failed.current) return;
    sync(editor.current.getMarkdown(), { quiet: true });
    // MDXEditor takes no props for its contenteditable's name; screen readers announce it as the field.
    const editable = wrapper.current?.querySelector('.mdx-body-prose');
    editable?.setAttribute('aria-label', label);
    editable?.setAttribute('aria-multiline', 'true');
    onReady();
  }, []);

  // Back from the source view: the editor takes what was typed there.
  const lastMode = useRef(mode);
  useEffect(() => {
    if (lastMode.current === mode) return;
    lastMode.current = mode;
    if (mode !== 'visual' || !editor.current) return;
    frame.current = frameBody(latest.current.textarea.value);
    editor.current.setMarkdown(frame.current.markdown);
    // setMarkdown reports no change, and its export is ready after Lexical's update: read it on the next task.
    const timer = setTimeout(() => editor.current && latest.current.sync(editor.current.getMarkdown()));
    return () => clearTimeout(timer);
  }, [mode]);

  function onDrop(event: React.DragEvent) {
    const files = [...event.dataTransfer.files].filter((f) => f.type.startsWith('image/'));
    if (!files.length) return;
    // A gallery's card takes the photos dropped on it (BlockChildren.tsx).
    if ((event.target as Element).closest?.('[data-gallery-drop]')) return;
    // Ours, not the image plugin's: the dialog asks for the alt text before anything is uploaded.
    event.preventDefault();
    event.stopPropagation();
    void env.pickImages({ files, caption: true }).then((picked) => insertRef.current?.(picked));
  }

  return (
    <EditorEnvContext.Provider value={env}>
      <div
        ref={wrapper}
        hidden={mode === 'source'}
        onDropCapture={onDrop}
        onClickCapture={(e) => keepTripleClickInBlock(e, wrapper.current?.querySelector('.mdx-body-prose'))}
        onDragOverCapture={(e) => e.dataTransfer.types.includes('Files') && e.preventDefault()}
      >
        <MDXEditor
          ref={editor}
          markdown={frame.current.markdown}
          trim={false}
          readOnly={sending}
          className={`mdx-body-editor ${dark ? 'dark-theme' : ''}`}
          contentEditableClassName="mdx-body-prose"
          toMarkdownOptions={HOUSE_TO_MARKDOWN as never}
          plugins={plugins}
          onChange={(markdown) => sync(markdown)}
          onError={({ error }) => {
            // The file stays in the textarea, untouched: better raw MDX than a lossy editor.
            failed.current = true;
            onFailed(error);
          }}
        />
      </div>
      <ImageDialog documentPath={documentPath} request={request} onDone={() => setRequest(null)} />
      <p role="status" aria-live="polite" className="sr-only" data-move-announcement>
        {announcement}
      </p>
    </EditorEnvContext.Provider>
  );
}

/** MDXEditor's popups take its `dark-theme` class; the owner's area follows the system's scheme. */
function useDarkScheme(): boolean {
  const [dark, setDark] = useState(() => window.matchMedia('(prefers-color-scheme: dark)').matches);
  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const change = () => setDark(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return dark;
}
