import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '@remix-run/react';
import { mediaUrl } from '~/editing/content-check/types';
import type { Field } from '~/editing/documents/fields';
import type { FormValue } from '~/editing/documents/form-values';
import { imageFieldOf, imageRepoPath, type ImageFieldSpec } from '~/editing/documents/image-fields';
import { IMAGE_ACCEPT, NO_SCRIPT_LIMIT, WITH_SCRIPT_LIMIT } from '~/editing/uploads/image-formats';
import { prepareImage } from '~/components/admin/editor/prepare-image';
import { postForm } from '~/components/admin/editor/upload';
import { BUTTON } from './buttons';
import { FocalPointPicker } from './FocalPointPicker';

/**
 * A photo or a card image, replaced by upload: the current image as a
 * thumbnail, a file input and an Upload button. The button posts the whole
 * edit form as multipart to the field-image route, which checks the file,
 * keeps it with the draft and points the field at it, then brings the editor
 * back: it works without JavaScript. With it, choosing (or dropping) a file
 * uploads it at once and the thumbnail shows it. The alt text stays a field
 * of its own; the pixel size is read from the file by the build. Under it,
 * the focal point (FocalPointPicker): the part the site's crops keep.
 *
 * Hook: the container has data-image-field="<field>" (photos.profile,
 * photos.about, image) and holds the input[type=file].
 */

export const FIELD_IMAGE_ROUTE = '/admin/content/api/field-image';
const ACCEPT = IMAGE_ACCEPT;

/** The old alt text described the old image: the designer is asked to look at it again. */
const KEPT = 'New image kept in your draft. Check that its alt text describes the new image, then publish.';

export const imageFieldId = (name: string) => `image-field-${name.replace(/\./g, '-')}`;

/** The image field `field` is in its form, if it is one: photos.profile and photos.about (groups), image (a path). */
export function asImageField(field: Field): ImageFieldSpec | undefined {
  const spec = imageFieldOf(field.name);
  if (!spec) return undefined;
  const isGroup = field.kind === 'group' && field.children?.some((child) => child.path.at(-1) === 'src');
  return isGroup || (field.kind === 'text' && spec.srcName === field.name) ? spec : undefined;
}

type Props = {
  field: Field;
  spec: ImageFieldSpec;
  values: Record<string, FormValue>;
  error?: string;
  /** The focal point's error, if the last check found one. */
  focusError?: string;
  /** The form's own control for a child field (the alt text of a photo). */
  renderLeaf: (child: Field, name: string) => ReactNode;
};

type Status = { tone: 'ok' | 'error' | 'busy'; text: string } | null;

export function ImageField({ field, spec, values, error, focusError, renderLeaf }: Props) {
  const params = new URLSearchParams(useLocation().search);
  const initial = String(values[spec.srcName] ?? '');
  const [src, setSrc] = useState(initial);
  const [preview, setPreview] = useState<string | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  // The file being uploaded or just kept: the browser's own input is emptied after each upload (the draft holds the file).
  const [fileName, setFileName] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(() => {
    if (params.get('image-saved') === spec.name) return { tone: 'ok', text: KEPT };
    const error = params.get('image-error');
    if (params.get('image-field') === spec.name && error) return { tone: 'error', text: error };
    return null;
  });
  const fileRef = useRef<HTMLInputElement>(null);
  const id = imageFieldId(spec.name);
  const repoPath = src ? imageRepoPath(spec, src) : null;
  const thumbnail = preview ?? (repoPath ? mediaUrl(repoPath) : null);
  const alt = field.kind === 'group' ? field.children?.find((child) => child.path.at(-1) === 'alt') : undefined;
  const shownError = status?.tone === 'error' ? status.text : error;

  useEffect(() => {
    const input = fileRef.current;
    if (!input?.form) return;
    setEnhanced(true);
    const upload = async (file: File) => {
      setFileName(file.name);
      // Checked at the top of the effect; the input stays in its form while the field is on screen.
      const form = input.form!;
      // The thumbnail shows the file as the server kept it (the owner's pages allow no blob: images).
      const busy = (text: string) => setStatus({ tone: 'busy', text });
      const prepared = await prepareImage(file, busy);
      if (!prepared.ok) {
        setStatus({ tone: 'error', text: prepared.error });
        setFileName(null);
        input.value = '';
        return;
      }
      const body = new FormData(form);
      body.set(`_image.${spec.name}`, prepared.file);
      body.set('intent', `image:${spec.name}`);
      const posted = await postForm(FIELD_IMAGE_ROUTE, body, busy);
      if ('dropped' in posted) {
        setStatus({ tone: 'error', text: 'The image could not be uploaded: the connection dropped. Try again.' });
        setFileName(null);
      } else {
        const json = posted.json as { ok?: boolean; src?: string; preview?: string; error?: string } | null;
        if (posted.status === 200 && json?.ok && json.src) {
          setSrc(json.src);
          setPreview(json.preview ?? null);
          setStatus({ tone: 'ok', text: prepared.note ? `${KEPT} ${prepared.note}` : KEPT });
        } else {
          setStatus({ tone: 'error', text: json?.error ?? 'The image could not be uploaded. Try again.' });
          setFileName(null);
        }
      }
      input.value = '';
    };
    // The upload saves the draft itself: the page's autosave must not also post the file.
    const quiet = (event: Event) => event.stopPropagation();
    const chosen = (event: Event) => {
      event.stopPropagation();
      const file = input.files?.[0];
      if (file) void upload(file);
    };
    const zone = input.closest<HTMLElement>('[data-image-field]');
    const over = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const dropped = (event: DragEvent) => {
      const file = event.dataTransfer?.files[0];
      if (!file) return;
      event.preventDefault();
      void upload(file);
    };
    input.addEventListener('input', quiet);
    input.addEventListener('change', chosen);
    zone?.addEventListener('dragover', over);
    zone?.addEventListener('drop', dropped);
    return () => {
      input.removeEventListener('input', quiet);
      input.removeEventListener('change', chosen);
      zone?.removeEventListener('dragover', over);
      zone?.removeEventListener('drop', dropped);
    };
  }, [spec.name]);

  const Container = field.kind === 'group' ? 'fieldset' : 'div';
  return (
    <Container id={id} data-image-field={spec.name} className="grid gap-4 rounded-xl border border-border p-4 sm:p-5">
      {field.kind === 'group' ? <legend className="px-1.5 text-sm font-semibold">{field.label}</legend> : <p className="-mb-1 text-sm font-medium">{field.label}</p>}
      <input type="hidden" name={spec.srcName} value={src} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-bg-subtle">
          {thumbnail ? <img src={thumbnail} alt="" data-image-thumbnail className="size-full object-cover" /> : <span className="px-2 text-center text-xs text-fg-muted">No image yet</span>}
        </div>
        <div className="grid min-w-0 flex-1 gap-2">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">
            {src ? 'Replace with a new image' : 'Choose an image'}
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              name={`_image.${spec.name}`}
              accept={ACCEPT}
              aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
              className={
                // With JavaScript the input is emptied after each upload: its own "No file chosen" would contradict the kept image.
                enhanced
                  ? 'peer sr-only'
                  : 'block w-full min-w-0 text-sm file:mr-3 file:h-9 file:rounded-full file:border file:border-border file:bg-bg file:px-3.5 file:text-sm file:font-medium file:text-fg sm:w-auto sm:flex-1'
              }
            />
            {enhanced ? (
              <>
                {/* A second face for the input above (its label names it for screen readers), drawn as the editor's buttons. */}
                <label htmlFor={`${id}-file`} aria-hidden="true" className={`${BUTTON} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring/50`}>
                  Choose a file
                </label>
                <span data-image-file className="min-w-0 truncate text-sm text-fg-muted">
                  {fileName}
                </span>
              </>
            ) : (
              <button type="submit" name="intent" value={`image:${spec.name}`} formAction={FIELD_IMAGE_ROUTE} formEncType="multipart/form-data" formMethod="post" formNoValidate className={BUTTON}>
                Upload
              </button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-xs text-fg-muted">
            {enhanced ? `${WITH_SCRIPT_LIMIT}, or drop it here` : NO_SCRIPT_LIMIT}. It is published with your next publish.
          </p>
          {status && status.tone !== 'error' ? (
            <p role="status" data-image-status={status.tone} className={`text-sm ${status.tone === 'ok' ? 'font-medium text-emerald-700 dark:text-emerald-400' : 'text-fg-muted'}`}>
              {status.text}
            </p>
          ) : null}
          {shownError ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
              {shownError}
            </p>
          ) : null}
        </div>
      </div>
      {alt ? renderLeaf(alt, `${spec.name}.alt`) : null}
      <FocalPointPicker
        name={spec.focusName}
        // The form's own id for a field (FieldControls' inputId), so a link to the field lands on it.
        id={`field-${spec.focusName.replace(/\./g, '-')}`}
        value={String(values[spec.focusName] ?? '')}
        image={thumbnail}
        frames={spec.frames}
        error={focusError}
      />
    </Container>
  );
}
