import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { PickedImage } from './editor-env';
import { CONTROL, LABEL, PRIMARY_BUTTON, QUIET_BUTTON } from './styles';
import { uploadImage } from './upload';
import { Progress } from '~/components/admin/kit/Progress';
import { IMAGE_ACCEPT, WITH_SCRIPT_LIMIT } from '~/editing/uploads/image-formats';

export type ImageRequest = { file?: File; caption?: boolean; heading?: string; resolve: (image: PickedImage | null) => void };

const ACCEPT = IMAGE_ACCEPT;

/**
 * Adding an image: the file (picked here, or dropped on the editor) and its
 * alt text, which is required before anything is uploaded; the story gets the
 * image only once the server has stored it. A native modal <dialog>: focus
 * is trapped and Escape cancels without any script of ours.
 */
export function ImageDialog({ documentPath, request, onDone }: { documentPath: string; request: ImageRequest | null; onDone: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Each request gets a fresh form: a second image asked for at once must not start with the first one's file and words.
  const [serial, setSerial] = useState(0);
  const [step, setStep] = useState('');

  useEffect(() => {
    if (!request) return;
    setSerial((n) => n + 1);
    setFile(request.file ?? null);
    setError('');
    dialog.current?.showModal();
  }, [request]);

  function finish(image: PickedImage | null) {
    request?.resolve(image);
    dialog.current?.close();
    onDone();
  }

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const alt = String(data.get('alt') ?? '').trim();
    const chosen = file ?? (data.get('file') instanceof File && (data.get('file') as File).size > 0 ? (data.get('file') as File) : null);
    if (!chosen) return setError('Choose an image file.');
    if (!alt) return setError('Describe the image for people who cannot see it.');
    setBusy(true);
    setError('');
    const answer = await uploadImage(documentPath, chosen, alt, setStep);
    setBusy(false);
    setStep('');
    if (!answer.ok) return setError(answer.error);
    const title = String(data.get('title') ?? '').trim();
    finish({ src: answer.src, alt: answer.alt || alt, ...(title ? { title } : {}) });
  }

  // In <body>, not in the page's form: a form inside a form is not HTML. Its submit stops here (React would bubble it on).
  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onCancel={() => finish(null)}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-border bg-bg p-0 text-fg shadow-xl backdrop:bg-black/40"
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
            {request.heading ?? 'Add an image'}
          </h2>
          {file ? (
            <p className="truncate text-sm text-fg-muted">{file.name}</p>
          ) : (
            <div>
              <label htmlFor={`${id}-file`} className={LABEL}>
                Image file
              </label>
              <input id={`${id}-file`} name="file" type="file" accept={ACCEPT} required className="block w-full text-sm" />
              <p className="mt-1 text-sm text-fg-muted">{WITH_SCRIPT_LIMIT}.</p>
            </div>
          )}
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
          {busy && step ? (
            <p role="status" data-image-progress className="text-sm text-fg-muted">
              {step}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <Progress active={busy && !step}>Uploading and checking the image…</Progress>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={QUIET_BUTTON} onClick={() => finish(null)}>
              Cancel
            </button>
            <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
              {busy ? 'Uploading…' : 'Upload and insert'}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>,
    document.body,
  );
}
