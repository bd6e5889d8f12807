import { useId, useRef, useState, type ReactNode } from 'react';
import { VIDEO_ACCEPT, VIDEO_LIMIT, type VideoKind } from '~/editing/uploads/video-formats';
import type { PropField } from './block-fields';
import { imageName, optionWords, propWords } from './block-words';
import { mediaUrl } from './body-text';
import { useEditorEnv } from './editor-env';
import { CONTROL, LABEL, NO_FORM, QUIET_BUTTON } from './styles';
import { uploadVideo } from './upload';

type Props = {
  block: string;
  field: PropField;
  value: string | boolean;
  onChange: (value: string | boolean) => void;
  onImage?: (alt: string) => void;
};

/**
 * One prop's input in a block card. Uncontrolled: the document is updated on
 * every change, and re-rendering from it while typing would move the caret.
 */
export function PropInput({ block, field, value, onChange, onImage }: Props) {
  const id = useId();
  const words = propWords(block, field.name);
  const common = {
    id,
    name: field.name,
    form: NO_FORM,
    'data-prop': field.name,
    ...(words.hint ? { 'aria-describedby': `${id}-hint` } : {}),
  };
  const title = `${words.label}${field.required ? '' : ' (optional)'}`;
  const hint = words.hint ? (
    <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
      {words.hint}
    </p>
  ) : null;
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
        {words.label}
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
          {field.required ? null : <option value="">{optionWords(field.name, '')}</option>}
          {/* blockFields describes every enum prop with its options. */}
          {field.options!.map((option) => (
            <option key={option} value={option}>
              {optionWords(field.name, option)}
            </option>
          ))}
        </select>
        {hint}
      </div>
    );
  }
  if (field.kind === 'image') return <ImageInput {...{ block, field, value: String(value), onChange, onImage, id, title, common }} />;
  if (field.kind === 'video') return <VideoInput {...{ block, field, value: String(value), onChange, id, title, common, hint }} />;
  return (
    <div className={field.name === 'alt' || field.name === 'caption' || field.name === 'title' ? 'sm:col-span-2' : ''}>
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
      {hint}
    </div>
  );
}

/**
 * An image prop: one of the story's images, chosen by its name with a
 * preview, or a new upload (alt text first). Never a path to type.
 */
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
  const choice = useChoice(value, env.images, onChange);
  const { value: current, onChoose: choose } = choice;
  async function upload() {
    const picked = await env.pickImage();
    if (!picked) return;
    choose(picked.src);
    onImage?.(picked.alt);
  }
  return (
    <MediaChoice
      frame={{ id, title, common, required: field.required }}
      noun="images"
      {...choice}
      onUpload={() => void upload()}
      before={
        current ? (
          <img src={mediaUrl(env.documentPath, current)} alt="" className="size-11 shrink-0 rounded-md border border-border object-cover" />
        ) : null
      }
    />
  );
}

/** The file a field holds, and the ones it may take: those `available`, and its own even when it is not among them. */
function useChoice(value: string, available: string[], onChange: (src: string) => void) {
  const [current, setCurrent] = useState(value);
  const choices = available.includes(current) || !current ? available : [current, ...available];
  const choose = (src: string) => {
    setCurrent(src);
    onChange(src);
  };
  return { value: current, choices, onChoose: choose };
}

/**
 * A field that takes one of the story's files of a kind, chosen by its name,
 * with the button that uploads another: what comes `before` the list in its
 * row (a preview), in the row after the button (`children`), and `after` it.
 */
function MediaChoice({
  frame: { id, title, common, required },
  value,
  choices,
  noun,
  onChoose,
  onUpload,
  before,
  after,
  children,
}: {
  frame: { id: string; title: string; common: object; required: boolean };
  value: string;
  choices: string[];
  noun: 'images' | 'videos';
  onChoose: (src: string) => void;
  onUpload: () => void;
  before?: ReactNode;
  after?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className={LABEL}>
        {title}
      </label>
      <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap sm:gap-3">
        {before}
        <select
          {...common}
          value={value}
          required={required}
          onChange={(e) => onChoose(e.currentTarget.value)}
          className={`${CONTROL} min-w-40 flex-1`}
        >
          <option value="">{choices.length ? `Choose one of your ${noun}` : `No ${noun} yet: upload one`}</option>
          {choices.map((src) => (
            <option key={src} value={src}>
              {imageName(src)}
            </option>
          ))}
        </select>
        <button type="button" className={`${QUIET_BUTTON} shrink-0`} onClick={onUpload}>
          Upload…
        </button>
        {children}
      </div>
      {after}
    </div>
  );
}

/**
 * A video prop: one of the story's videos of the field's kind (the MP4, or
 * the WebM copy), chosen by its name, or a new upload. Never a path to type.
 * One over the limit (a request carries at most 4 MB of file) is made
 * smaller in the browser before it is sent.
 */
function VideoInput({
  field,
  value,
  onChange,
  id,
  title,
  common,
  hint,
}: Omit<Props, 'value' | 'onImage'> & { value: string; id: string; title: string; common: object; hint: ReactNode }) {
  const env = useEditorEnv();
  const kind: VideoKind = field.name === 'webm' ? 'webm' : 'mp4';
  const choice = useChoice(
    value,
    env.videos.filter((src) => src.toLowerCase().endsWith(`.${kind}`)),
    onChange,
  );
  const { onChoose: choose } = choice;
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  async function send(file: File) {
    const answer = await uploadVideo(env.documentPath, file, kind, (text) => setStatus({ text }));
    if (fileInput.current) fileInput.current.value = '';
    if (!answer.ok) return setStatus({ text: answer.error, error: true });
    env.addVideo(answer.src);
    choose(answer.src);
    setStatus({ text: `${answer.note ? `${answer.note} ` : ''}Uploaded. It goes live with your next publish.` });
  }
  return (
    <MediaChoice
      {...choice}
      noun="videos"
      frame={{ id, title, common, required: field.required }}
      onChoose={(src) => {
        setStatus(null);
        choose(src);
      }}
      onUpload={() => fileInput.current?.click()}
      after={
        <>
          {hint}
          {status ? (
            <p
              role={status.error ? 'alert' : 'status'}
              className={`mt-1 text-xs ${status.error ? 'font-medium text-red-600 dark:text-red-400' : 'text-fg-muted'}`}
            >
              {status.text}
            </p>
          ) : (
            <p className="mt-1 text-xs text-fg-muted">{`${kind === 'mp4' ? 'MP4 or MOV' : 'WebM'}, ${VIDEO_LIMIT}.`}</p>
          )}
        </>
      }
    >
      <input
        ref={fileInput}
        type="file"
        form={NO_FORM}
        accept={VIDEO_ACCEPT[kind]}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-video-file={kind}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) void send(file);
        }}
      />
    </MediaChoice>
  );
}
