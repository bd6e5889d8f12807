import { useNestedEditorContext } from '@mdxeditor/editor';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { useEffect, useId, useLayoutEffect, useRef, type PointerEvent } from 'react';
import { BLOCK_FORMS } from './block-forms.generated';
import { undoableFromHere } from './block-moves';
import { mediaUrl } from './body-text';
import { imageName } from './block-words';
import { useEditorEnv } from './editor-env';
import {
  images,
  movedImage,
  patchImage,
  withImage,
  withoutImage,
  type AnyNode,
  type Child,
  type Image,
  type Update,
} from './image-children';
import { focusMoveControl, MoveControls, movesWithAlt, type MoveControl } from './MoveControls';
import { startPointerReorder } from './pointer-reorder';
import { CONTROL, LABEL, NO_FORM, QUIET_BUTTON } from './styles';

type ImageTextFieldProps = { id: string; prop: 'alt' | 'title'; label: string; image: Image; onValue: (value: string) => void };

/** One of an image's words (its alt text or caption), edited in the card. */
function ImageTextField({ id, prop, label, image, onValue }: ImageTextFieldProps) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        id={id}
        form={NO_FORM}
        data-prop={prop}
        defaultValue={image[prop] ?? ''}
        onChange={(e) => onValue(e.currentTarget.value)}
        className={CONTROL}
      />
    </div>
  );
}

/** Each image's key: its file and which copy of it, so its fields follow it when it moves. */
function imageKeys(list: Image[]): string[] {
  const seen = new Map<string, number>();
  return list.map((image) => {
    const n = seen.get(image.url) ?? 0;
    seen.set(image.url, n + 1);
    return `${image.url}#${n}`;
  });
}

/** An image as a sentence names it: its caption, else its alt text, else its file's name. */
function imageLabel(image: Image): string {
  const words = (image.title || image.alt || imageName(image.url)).replace(/\s+/g, ' ').trim();
  return words.length > 40 ? `${words.slice(0, 40).replace(/\s+\S*$/, '')}…` : words;
}

/**
 * The images of a Gallery or a Before and after: each with its words, moved
 * by its buttons, its handle or Alt+↑/↓ (announced, focus kept on the
 * control), removed; a Gallery says how many it holds and takes several
 * photos at once, picked or dropped on it.
 */
export function ImageChildren({ node, update }: { node: MdxJsxFlowElement; update: Update }) {
  const env = useEditorEnv();
  const { parentEditor, lexicalNode } = useNestedEditorContext();
  const id = useId();
  const list = images(node.children as AnyNode[]);
  const keys = imageKeys(list);
  const gallery = node.name === 'Gallery';
  const limits = BLOCK_FORMS[node.name ?? '']?.children;
  const [min, max] = limits?.kind === 'images' ? [limits.min, limits.max] : [1, 1];
  const names = node.name === 'BeforeAfter' ? ['First image (before)', 'Second image (after)'] : [];
  const listRef = useRef<HTMLOListElement>(null);
  const dropRef = useRef<HTMLDivElement>(null);
  // After a move the card draws again; then the moved image's control gets the focus back.
  const refocus = useRef<{ key: string; control: MoveControl | HTMLElement } | null>(null);
  // The latest children, so edits to two images in a row both land.
  let children = node.children as AnyNode[];
  const set = (index: number, patch: Partial<Image>) => {
    children = patchImage(children, index, patch);
    update({ children: children as Child[] });
  };
  const add = (...added: Image[]) => {
    for (const image of added) children = withImage(children, image);
    update({ children: children as Child[] });
  };
  const remove = (index: number) => {
    children = withoutImage(children, index);
    update({ children: children as Child[] });
  };
  function move(from: number, to: number, control: MoveControl | HTMLElement) {
    if (to === from || to < 0 || to >= list.length) return;
    undoableFromHere(parentEditor, lexicalNode);
    children = movedImage(children, from, to);
    update({ children: children as Child[] });
    const others = list.filter((_, i) => i !== from);
    const [where, neighbour] = to < from ? ['above', others[to]!] : ['below', others[to - 1]!];
    env.announce(`Image “${imageLabel(list[from]!)}” moved ${where} “${imageLabel(neighbour)}”: now image ${to + 1} of ${list.length}`);
    refocus.current = { key: keys[from]!, control };
  }
  const room = max - list.length;
  async function upload() {
    const picked = gallery
      ? await env.pickImages({ caption: true, most: room, heading: 'Add photos to the gallery' })
      : [await env.pickImage({ caption: false })].filter((image) => image !== null);
    add(...picked.map((image) => ({ type: 'image' as const, url: image.src, alt: image.alt, title: image.title ?? null })));
  }

  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    if (wanted.control instanceof HTMLElement) return wanted.control.focus();
    const index = keys.indexOf(wanted.key);
    const item = listRef.current?.querySelector<HTMLElement>(`[data-image-key="${CSS.escape(wanted.key)}"] [data-move-controls]`);
    focusMoveControl(item ?? null, wanted.control, { first: index === 0, last: index === keys.length - 1 });
  });

  // Photos dropped on a gallery go into it (the story's own drop handler leaves them to this card).
  useEffect(() => {
    const zone = dropRef.current;
    if (!zone || !gallery) return;
    const files = (e: DragEvent) => [...(e.dataTransfer?.files ?? [])].filter((f) => f.type.startsWith('image/'));
    const over = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      const dropped = files(e);
      if (!dropped.length) return;
      e.preventDefault();
      e.stopPropagation();
      void env
        .pickImages({ files: dropped, caption: true, most: room, heading: 'Add photos to the gallery' })
        .then((picked) =>
          add(...picked.map((image) => ({ type: 'image' as const, url: image.src, alt: image.alt, title: image.title ?? null }))),
        );
    };
    zone.addEventListener('dragover', over);
    zone.addEventListener('drop', drop);
    return () => {
      zone.removeEventListener('dragover', over);
      zone.removeEventListener('drop', drop);
    };
  });

  // Alt+↑/↓ on an image's controls (its own listener: the card keeps keys from the story's editor, before React hears them).
  useEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
      const target = event.target as HTMLElement;
      const item = target.closest<HTMLElement>('[data-image-child]');
      if (!item || !movesWithAlt(target)) return;
      event.preventDefault();
      event.stopPropagation();
      const from = keys.indexOf(item.dataset.imageKey ?? '');
      move(from, from + (event.key === 'ArrowUp' ? -1 : 1), target);
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  });

  function drag(event: PointerEvent<HTMLButtonElement>, from: number) {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>(':scope > [data-image-child]') ?? [])];
    startPointerReorder(event, { items, from, onDrop: (to) => move(from, to, 'drag') });
  }

  return (
    <div ref={dropRef} className="mt-4" {...(gallery ? { 'data-gallery-drop': '' } : {})}>
      <ol ref={listRef} className="grid gap-3" aria-label="Images">
        {list.map((image, i) => (
          <li
            key={keys[i]}
            data-image-child
            data-image-key={keys[i]}
            className="flex gap-3 rounded-lg border border-border bg-bg p-3 data-dragging:opacity-50"
          >
            <img
              src={mediaUrl(env.documentPath, image.url)}
              alt=""
              className="size-16 shrink-0 rounded-md border border-border object-cover"
            />
            <div className="grid min-w-0 flex-1 gap-2">
              <div className="flex flex-wrap items-center justify-between gap-x-2">
                <p className="truncate text-sm font-medium">{names[i] ?? imageName(image.url)}</p>
                <div className="flex items-center gap-1">
                  <MoveControls
                    what={`image ${i + 1}`}
                    first={i === 0}
                    last={i === list.length - 1}
                    onMove={(step, control) => move(i, i + step, control)}
                    onDragStart={(e) => drag(e, i)}
                  />
                  <button
                    type="button"
                    className="rounded-full px-2.5 py-1 text-sm text-fg-muted hover:bg-bg-muted hover:text-fg"
                    onClick={() => remove(i)}
                  >
                    Remove<span className="sr-only"> image {i + 1}</span>
                  </button>
                </div>
              </div>
              <ImageTextField id={`${id}-alt-${keys[i]}`} prop="alt" label="Alt text" image={image} onValue={(alt) => set(i, { alt })} />
              {gallery ? (
                <ImageTextField
                  id={`${id}-title-${keys[i]}`}
                  prop="title"
                  label="Caption (optional)"
                  image={image}
                  onValue={(title) => set(i, { title: title || null })}
                />
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {list.length < min ? (
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-200">
          {node.name === 'BeforeAfter'
            ? 'Add two images of the same size: the first before, the second after.'
            : `A gallery shows ${min} to ${max} images: add ${min - list.length} more.`}
        </p>
      ) : null}
      {gallery ? (
        <p className="mt-3 text-sm font-medium" data-gallery-count>
          {list.length === 1 ? '1 image' : `${list.length} images`} ·{' '}
          {room > 0 ? 'add more' : `the most a gallery holds. Remove one to add another.`}
        </p>
      ) : null}
      {room > 0 ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button type="button" className={QUIET_BUTTON} onClick={() => void upload()} data-add-image>
            {gallery ? 'Upload photos…' : 'Upload an image…'}
          </button>
          {env.images.length ? (
            <>
              <label htmlFor={`${id}-existing`} className="sr-only">
                Add one of your images
              </label>
              <select
                id={`${id}-existing`}
                form={NO_FORM}
                value=""
                className={`${CONTROL} w-auto`}
                onChange={(e) => {
                  const src = e.currentTarget.value;
                  if (src) add({ type: 'image', url: src, alt: '', title: null });
                }}
              >
                <option value="">Or add one of your images…</option>
                {env.images.map((src) => (
                  <option key={src} value={src}>
                    {imageName(src)}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          {gallery ? <span className="text-sm text-fg-muted">or drop photos here (up to {room} more)</span> : null}
        </div>
      ) : null}
    </div>
  );
}
