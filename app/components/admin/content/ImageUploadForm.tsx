import { IMAGE_ACCEPT, NO_SCRIPT_LIMIT } from '~/editing/uploads/image-formats';
import { FilePicker } from '~/components/admin/kit/FilePicker';
import { BUTTON } from './buttons';

/**
 * Adding an image without the visual editor (JavaScript off, or the source
 * view): upload it with its alt text, then paste the line it gives into the
 * story. The visual editor's own image button does both in one step.
 */
export function ImageUploadForm({ documentPath, uploaded, error }: { documentPath: string; uploaded?: { src: string; alt: string }; error?: string }) {
  const page = documentPath.startsWith('content/pages/');
  return (
    <section id="images" aria-labelledby="images-title" className="rounded-2xl border border-border bg-bg-subtle p-4 sm:p-5">
      <h2 id="images-title" className="font-semibold">
        Add an image
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{NO_SCRIPT_LIMIT}. It is stored next to this {page ? 'page' : 'case study'} and published with it.</p>
      {uploaded ? (
        <div role="status" className="mt-3 rounded-xl border border-emerald-600/30 bg-emerald-500/8 p-3 text-sm">
          <p className="font-medium">Uploaded. Paste this line where the image goes in the {page ? 'page' : 'story'}:</p>
          <code data-uploaded-markdown className="mt-1 block overflow-x-auto font-mono text-xs">{`![${uploaded.alt.replace(/([\\[\]])/g, '\\$1')}](${uploaded.src})`}</code>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <form method="post" action="/admin/content/api/upload" encType="multipart/form-data" className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <input type="hidden" name="document" value={documentPath} />
        <div>
          <label htmlFor="upload-file" className="mb-1.5 block text-sm font-medium">
            Image file
          </label>
          <FilePicker id="upload-file" name="file" required accept={IMAGE_ACCEPT} />
        </div>
        <div>
          <label htmlFor="upload-alt" className="mb-1.5 block text-sm font-medium">
            Alt text <span className="font-normal text-fg-muted">· what it shows, for people who cannot see it</span>
          </label>
          <input id="upload-alt" name="alt" required maxLength={300} className="h-10 w-full rounded-lg border border-border bg-bg px-3 text-base outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm" />
        </div>
        <button type="submit" className={BUTTON}>
          Upload
        </button>
      </form>
    </section>
  );
}
