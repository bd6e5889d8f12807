import {
  BlockTypeSelect,
  BoldItalicUnderlineToggles,
  CreateLink,
  insertImage$,
  insertJsx$,
  InsertThematicBreak,
  ListsToggle,
  Separator,
  UndoRedo,
  usePublisher,
} from '@mdxeditor/editor';
import { useEffect, type MutableRefObject } from 'react';
import { blockWords } from './block-words';
import { useEditorEnv, type PickedImage } from './editor-env';

/** What a new block starts as: its required props empty for the card to fill, and the children the build requires. */
const paragraph = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', value: text }] }];
const metric = () => ({ type: 'mdxJsxFlowElement', name: 'Metric', attributes: [attr('value', ''), attr('label', '')], children: [] });
function attr(name: string, value: string) {
  return { type: 'mdxJsxAttribute' as const, name, value };
}
const NEW_BLOCKS: Record<string, { props: Record<string, string>; children?: unknown[] }> = {
  Metrics: { props: {}, children: [metric(), metric()] },
  Quote: { props: { name: '' }, children: paragraph('What they said.') },
  Callout: { props: {}, children: paragraph('What the reader should take away.') },
  Embed: { props: { href: '', title: '' } },
  Video: { props: { src: '', poster: '', alt: '' } },
};
/** Blocks of images: the dialog opens once per image they need at least (the card adds more). */
const IMAGE_BLOCKS: Record<string, number> = { Gallery: 2, BeforeAfter: 2 };
/** The menu, in the order a story uses them most. */
const MENU = ['Figure', 'Gallery', 'BeforeAfter', 'Metrics', 'Quote', 'Callout', 'Embed', 'Video'];

export type InsertImage = (image: PickedImage) => void;

/**
 * The toolbar: text styles the site's stories use (no underline, tables or
 * code: the story has no place for them), an image with its alt text, and
 * the story blocks. `insertRef` lets the drop handler outside the editor
 * insert through the editor's own signal.
 */
export function Toolbar({ insertRef }: { insertRef: MutableRefObject<InsertImage | null> }) {
  const env = useEditorEnv();
  const insertImage = usePublisher(insertImage$);
  const insertJsx = usePublisher(insertJsx$);
  useEffect(() => {
    insertRef.current = (image) => insertImage({ src: image.src, altText: image.alt, ...(image.title ? { title: image.title } : {}) });
    return () => void (insertRef.current = null);
  }, [insertImage, insertRef]);

  async function addImage() {
    const image = await env.pickImage({ caption: true });
    if (image) insertRef.current?.(image);
  }

  async function addBlock(name: string) {
    if (name === 'Figure') {
      const image = await env.pickImage({ caption: true });
      if (image)
        insertJsx({ kind: 'flow', name, props: { src: image.src, alt: image.alt, ...(image.title ? { caption: image.title } : {}) } });
      return;
    }
    const wanted = IMAGE_BLOCKS[name];
    if (wanted) {
      const picked: PickedImage[] = [];
      while (picked.length < wanted) {
        const heading =
          name === 'BeforeAfter'
            ? picked.length
              ? 'The after image'
              : 'The before image'
            : `Gallery: image ${picked.length + 1} of ${wanted} or more`;
        const image = await env.pickImage({ caption: name === 'Gallery', heading });
        if (!image) break;
        picked.push(image);
      }
      if (!picked.length) return;
      const images = picked.flatMap((image, i) => [
        ...(i ? [{ type: 'text', value: '\n' }] : []),
        { type: 'image', url: image.src, alt: image.alt, title: image.title ?? null },
      ]);
      insertJsx({ kind: 'flow', name, props: {}, children: [{ type: 'paragraph', children: images }] as never });
      return;
    }
    const block = NEW_BLOCKS[name];
    if (!block) return;
    insertJsx({ kind: 'flow', name, props: block.props, children: block.children as never });
  }

  return (
    <>
      <UndoRedo />
      <Separator />
      <BlockTypeSelect />
      <BoldItalicUnderlineToggles options={['Bold', 'Italic']} />
      <ListsToggle options={['bullet', 'number']} />
      <Separator />
      <CreateLink />
      <button type="button" className="mdx-body-tool" onClick={() => void addImage()} data-insert-image>
        Image
      </button>
      <InsertThematicBreak />
      <Separator />
      <label className="sr-only" htmlFor="mdx-add-block">
        Add a story block
      </label>
      <select
        id="mdx-add-block"
        form="mdx-block-card-inputs"
        className="mdx-body-tool"
        value=""
        onChange={(e) => {
          const name = e.currentTarget.value;
          if (name) void addBlock(name);
        }}
      >
        <option value="">Add block…</option>
        {MENU.map((name) => (
          <option key={name} value={name}>
            {blockWords(name)}
          </option>
        ))}
      </select>
    </>
  );
}
