import { useEffect, useState } from 'react';
import { BUTTON } from '~/components/admin/content/buttons';

/** The browser's own picker, as it looks before the page's script has started (and without JavaScript). */
const NATIVE =
  'block w-full min-w-0 text-sm file:mr-3 file:h-9 file:cursor-pointer file:rounded-full file:border file:border-border file:bg-bg file:px-3.5 file:text-sm file:font-medium file:text-fg';

type Props = {
  id: string;
  name?: string;
  accept: string;
  multiple?: boolean;
  required?: boolean;
  describedBy?: string;
  onFiles?: (files: File[]) => void;
};

/**
 * A file input drawn as the editor's other buttons, with the chosen file's
 * name beside it in her words: every picker of /admin looks and reads the
 * same. The input stays the real control (its label names it for screen
 * readers, the keyboard reaches it); until the page's script has started it
 * is the browser's own, styled.
 */
export function FilePicker({ id, name, accept, multiple, required, describedBy, onFiles }: Props) {
  const [enhanced, setEnhanced] = useState(false);
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => setEnhanced(true), []);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        multiple={multiple}
        required={required}
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          setNames(files.map((file) => file.name));
          onFiles?.(files);
        }}
        className={enhanced ? 'peer sr-only' : NATIVE}
      />
      {enhanced ? (
        <>
          <label
            htmlFor={id}
            aria-hidden="true"
            className={`${BUTTON} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring/50`}
          >
            {multiple ? 'Choose files' : 'Choose a file'}
          </label>
          <span data-file-picked className="min-w-0 truncate text-sm text-fg-muted">
            {names.length === 0 ? 'None chosen yet' : names.length === 1 ? names[0] : `${names.length} files chosen`}
          </span>
        </>
      ) : null}
    </div>
  );
}
