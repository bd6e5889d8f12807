import { useEffect, useId, useMemo } from 'react';
import type { PickedImage } from './editor-env';
import { CONTROL, LABEL } from './styles';

/**
 * Several photos in the image dialog, one row each: a thumbnail to describe
 * it from (the browser's own copy, nothing sent yet), its alt text and, in a
 * gallery, its caption. A row says when its photo is stored.
 */
export function PhotoRows({ files, caption, stored }: { files: File[]; caption: boolean; stored: (PickedImage | undefined)[] }) {
  const id = useId();
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  return (
    <ol className="grid max-h-[50dvh] gap-3 overflow-y-auto pr-1" aria-label="Photos" data-photo-rows>
      {files.map((file, i) => (
        <li key={`${i}-${file.name}`} data-photo-row className="flex gap-3 rounded-lg border border-border p-3">
          <img src={previews[i]} alt="" className="size-16 shrink-0 rounded-md border border-border bg-bg-muted object-cover" />
          <div className="grid min-w-0 flex-1 gap-2">
            <p className="truncate text-sm font-medium">
              {i + 1}. {file.name}
              {stored[i] ? <span className="ml-2 font-normal text-fg-muted">stored</span> : null}
            </p>
            <div>
              <label htmlFor={`${id}-alt-${i}`} className={LABEL}>
                Alt text<span className="sr-only"> of photo {i + 1}</span>
              </label>
              <textarea id={`${id}-alt-${i}`} name={`alt-${i}`} required rows={2} className={CONTROL} />
            </div>
            {caption ? (
              <div>
                <label htmlFor={`${id}-title-${i}`} className={LABEL}>
                  Caption (optional)<span className="sr-only"> of photo {i + 1}</span>
                </label>
                <input id={`${id}-title-${i}`} name={`title-${i}`} className={CONTROL} />
              </div>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
