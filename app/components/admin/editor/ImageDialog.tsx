import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { FilePicker } from '~/components/admin/kit/FilePicker';
import { createPortal } from 'react-dom';
import type { PickedImage } from './editor-env';
import { PhotoRows } from './PhotoRows';
import { CONTROL, LABEL, PRIMARY_BUTTON, QUIET_BUTTON } from './styles';
import { uploadImage } from './upload';
import { Progress } from '~/components/admin/kit/Progress';
import { IMAGE_ACCEPT, WITH_SCRIPT_LIMIT } from '~/editing/uploads/image-formats';

export type ImageRequest = {
  /** Files already chosen (dropped on the editor or a gallery). */
  files?: File[];
  /** Several photos may be picked at once. */
  multiple?: boolean;
  /** How many fit where they go (a gallery's room); more are refused with a sentence. */
  most?: number;
  caption?: boolean;
  heading?: string;
  resolve: (images: PickedImage[]) => void;
};

const ACCEPT = IMAGE_ACCEPT;

const roomFor = (most: number) =>
  most === 1 ? 'This gallery has room for one more photo.' : `This gallery has room for ${most} more photos.`;

/**
 * Adding images: the files (picked here, or dropped on the editor) and each
 * one's alt text, which is required before anything is uploaded; the story
 * gets the images only once the server has stored them. Several photos are
 * fitted and uploaded one after the other, each in its own request (see
 * upload.ts), with the count so far. A native modal <dialog>: focus is
 * trapped and Escape cancels without any script of ours.
 */
export function ImageDialog({ documentPath, request, onDone }: { documentPath: string; request: ImageRequest | null; onDone: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Each request gets a fresh form: a second image asked for at once must not start with the first one's file and words.
  const [serial, setSerial] = useState(0);
  const [step, setStep] = useState('');
  // Photos already stored, by their place in `files`: after one fails, sending again skips them.
  const stored = useRef<(PickedImage | undefined)[]>([]);

  useEffect(() => {
    if (!request) return;
    setSerial((n) => n + 1);
    setFiles(request.files ?? []);
    stored.current = [];
    setError(request.most !== undefined && (request.files?.length ?? 0) > request.most ? roomFor(request.most) : '');
    dialog.current?.showModal();
  }, [request]);

  function finish(images: PickedImage[]) {
    request?.resolve(images);
    dialog.current?.close();
    onDone();
  }

  function choose(list: File[]) {
    setFiles(list);
    stored.current = [];
    setError(request?.most !== undefined && list.length > request.most ? roomFor(request.most) : '');
  }

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const picked = data.getAll('file').filter((f): f is File => f instanceof File && f.size > 0);
    const chosen = files.length ? files : picked;
    if (!chosen.length) return setError(request?.multiple ? 'Choose one or more image files.' : 'Choose an image file.');
    if (request?.most !== undefined && chosen.length > request.most) return setError(roomFor(request.most));
    const several = chosen.length > 1;
    const words = chosen.map((_, i) => ({
      alt: String(data.get(several ? `alt-${i}` : 'alt') ?? '').trim(),
      title: String(data.get(several ? `title-${i}` : 'title') ?? '').trim(),
    }));
    const missing = words.findIndex((w) => !w.alt);
    if (missing !== -1) {
      form.querySelector<HTMLTextAreaElement>(several ? `[name="alt-${missing}"]` : '[name="alt"]')?.focus();
      return setError(
        several
          ? `Describe photo ${missing + 1} for people who cannot see it: its alt text is empty.`
          : 'Describe the image for people who cannot see it.',
      );
    }
    setBusy(true);
    setError('');
    for (const [i, file] of chosen.entries()) {
      if (stored.current[i]) continue;
      const prefix = several ? `Photo ${i + 1} of ${chosen.length}: ` : '';
      setStep(`${prefix}Opening the photo…`);
      const answer = await uploadImage(documentPath, file, words[i]!.alt, (text) => setStep(`${prefix}${text}`));
      if (!answer.ok) {
        setBusy(false);
        setStep('');
        return setError(several ? `${file.name}: ${answer.error}` : answer.error);
      }
      const title = words[i]!.title;
      stored.current[i] = { src: answer.src, alt: answer.alt || words[i]!.alt, ...(title ? { title } : {}) };
    }
    setBusy(false);
    setStep('');
    finish(stored.current.filter((image): image is PickedImage => !!image));
  }

  /**
   * Photos dragged onto the open dialog are taken as if picked: they go into its file input, so the picker
   * names them and the form's own check sees them. Without this, a file let go over the dialog is opened
   * by the browser in place of the editor.
   */
  function onDragOver(event: DragEvent) {
    if (event.dataTransfer.types.includes('Files')) event.preventDefault();
  }
  function onDrop(event: DragEvent) {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    const input = dialog.current?.querySelector<HTMLInputElement>('input[type="file"]');
    const dropped = [...event.dataTransfer.files].filter((file) => file.type.startsWith('image/') || /\.hei[cf]$/i.test(file.name));
    if (busy || !input || !dropped.length) return;
    const chosen = new DataTransfer();
    for (const file of request?.multiple ? dropped : dropped.slice(0, 1)) chosen.items.add(file);
    input.files = chosen.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }

  const given = !!request?.files?.length;
  const done = stored.current.filter(Boolean).length;
  // In <body>, not in the page's form: a form inside a form is not HTML. Its submit stops here (React would bubble it on).
  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onCancel={() => finish([])}
      onDragOver={onDragOver}
      onDrop={onDrop}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] rounded-2xl border border-border bg-bg p-0 text-fg shadow-xl backdrop:bg-black/40"
    >
      {request ? (
        // Its own form (not the page's): nothing here is posted with the edit.
        <form
          key={serial}
          method="dialog"
          data-image-dialog
          className="grid gap-4 p-5 sm:p-6"
          onSubmit={(e) => {
            e.preventDefault();
            e.stopPropagation();
            void submit(e.currentTarget);
          }}
        >
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
            {request.heading ?? (request.multiple ? 'Add photos' : 'Add an image')}
          </h2>
          {given && files.length === 1 ? (
            <p className="truncate text-sm text-fg-muted">{files[0]!.name}</p>
          ) : given ? null : (
            <div>
              <label htmlFor={`${id}-file`} className={LABEL}>
                {request.multiple ? <>Image files (pick several at once, or drop them here)</> : <>Image file</>}
              </label>
              <FilePicker id={`${id}-file`} name="file" accept={ACCEPT} multiple={request.multiple} required onFiles={choose} />
              <p className="mt-1 text-sm text-fg-muted">{WITH_SCRIPT_LIMIT}.</p>
            </div>
          )}
          {files.length > 1 ? (
            <PhotoRows files={files} caption={!!request.caption} stored={stored.current} />
          ) : (
            <>
              <div>
                <label htmlFor={`${id}-alt`} className={LABEL}>
                  Alt text
                </label>
                <textarea id={`${id}-alt`} name="alt" required rows={2} className={CONTROL} aria-describedby={`${id}-alt-hint`} />
                <p id={`${id}-alt-hint`} className="mt-1 text-sm text-fg-muted">
                  What the image shows, for people who cannot see it.
                </p>
              </div>
              {request.caption ? (
                <div>
                  <label htmlFor={`${id}-caption`} className={LABEL}>
                    Caption (optional)
                  </label>
                  <input id={`${id}-caption`} name="title" className={CONTROL} />
                </div>
              ) : null}
            </>
          )}
          {busy && step ? (
            <p role="status" data-image-progress className="text-sm text-fg-muted">
              {step}
              {files.length > 1 && done ? <span className="sr-only"> ({done} stored so far)</span> : null}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <Progress active={busy && !step}>Uploading and checking the image…</Progress>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={QUIET_BUTTON} onClick={() => finish([])}>
              Cancel
            </button>
            <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
              {busy ? 'Uploading…' : files.length > 1 ? `Upload and insert ${files.length} photos` : 'Upload and insert'}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>,
    document.body,
  );
}
