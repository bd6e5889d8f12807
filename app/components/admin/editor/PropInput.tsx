import { useId } from 'react';
import type { PropField } from './block-fields';
import { mediaUrl } from './body-text';
import { useEditorEnv } from './editor-env';
import { CONTROL, LABEL, NO_FORM, QUIET_BUTTON } from './styles';

type Props = { field: PropField; value: string | boolean; onChange: (value: string | boolean) => void; onImage?: (alt: string) => void };

const label = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/**
 * One prop's input in a block card. Uncontrolled: the document is updated on
 * every change, and re-rendering from it while typing would move the caret.
 */
export function PropInput({ field, value, onChange, onImage }: Props) {
  const id = useId();
  const common = { id, name: field.name, form: NO_FORM, 'data-prop': field.name };
  const title = `${label(field.name)}${field.required ? '' : ' (optional)'}`;
  if (field.kind === 'boolean') {
    return (
      <label className="flex items-center gap-2.5 self-end pb-2 text-[0.9375rem]">
        <input
          type="checkbox"
          {...common}
          defaultChecked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          className="size-4 accent-[var(--accent)]"
        />
        {label(field.name)}
      </label>
    );
  }
  if (field.kind === 'enum') {
    return (
      <div>
        <label htmlFor={id} className={LABEL}>
          {title}
        </label>
        <select {...common} defaultValue={String(value)} onChange={(e) => onChange(e.currentTarget.value)} className={CONTROL}>
          {field.required ? null : <option value="">Default</option>}
          {/* blockFields describes every enum prop with its options. */}
          {field.options!.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    );
  }
  if (field.kind === 'image') return <ImageInput {...{ field, value: String(value), onChange, onImage, id, title, common }} />;
  return (
    <div className={field.name === 'alt' || field.name === 'caption' ? 'sm:col-span-2' : ''}>
      <label htmlFor={id} className={LABEL}>
        {title}
      </label>
      <input
        type={field.kind === 'number' ? 'number' : 'text'}
        {...common}
        defaultValue={String(value)}
        required={field.required}
        onChange={(e) => onChange(e.currentTarget.value)}
        className={CONTROL}
      />
    </div>
  );
}

/** An image prop: the story's images to choose from, or a new upload (alt text first), with a preview. */
function ImageInput({
  field,
  value,
  onChange,
  onImage,
  id,
  title,
  common,
}: Omit<Props, 'value'> & { value: string; id: string; title: string; common: object }) {
  const env = useEditorEnv();
  const listId = `${id}-images`;
  async function upload(input: HTMLInputElement | null) {
    const picked = await env.pickImage();
    if (!picked || !input) return;
    input.value = picked.src;
    onChange(picked.src);
    onImage?.(picked.alt);
  }
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className={LABEL}>
        {title}
      </label>
      <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap sm:gap-3">
        {value ? (
          <img src={mediaUrl(env.documentPath, value)} alt="" className="size-11 shrink-0 rounded-md border border-border object-cover" />
        ) : null}
        <input
          type="text"
          {...common}
          list={listId}
          defaultValue={value}
          required={field.required}
          onChange={(e) => onChange(e.currentTarget.value)}
          className={`${CONTROL} min-w-40 flex-1`}
        />
        <button
          type="button"
          className={`${QUIET_BUTTON} shrink-0`}
          onClick={(e) => upload(e.currentTarget.parentElement?.querySelector('input') ?? null)}
        >
          Upload…
        </button>
      </div>
      <datalist id={listId}>
        {env.images.map((src) => (
          <option key={src} value={src} />
        ))}
      </datalist>
    </div>
  );
}
