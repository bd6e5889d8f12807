import {
  BlockTypeSelect,
  BoldItalicUnderlineToggles,
  CreateLink,
  insertImage$,
  insertJsx$,
  insertMarkdown$,
  InsertThematicBreak,
  ListsToggle,
  Separator,
  UndoRedo,
  usePublisher,
} from '@mdxeditor/editor';
import { useEffect, type MutableRefObject } from 'react';
import { BLOCK_FORMS } from './block-forms.generated';
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
/** A Before and after: the dialog opens once per image, the before then the after. */
const BEFORE_AFTER_IMAGES = 2;
const GALLERY = BLOCK_FORMS.Gallery?.children;
const [GALLERY_MIN, GALLERY_MAX] = GALLERY?.kind === 'images' ? [GALLERY.min, GALLERY.max] : [2, 2];
/** The menu, in the order a story uses them most. */
const MENU = ['Figure', 'Gallery', 'BeforeAfter', 'Metrics', 'Quote', 'Callout', 'Embed', 'Video'];

export type InsertImage = (images: PickedImage[]) => void;

/** Markdown for one image alone in its paragraph (the site shows it as a figure). */
function imageLine(image: PickedImage): string {
  const alt = image.alt.replace(/[\\[\]]/g, (c) => `\\${c}`);
  const title = image.title ? ` "${image.title.replace(/["\\]/g, (c) => `\\${c}`)}"` : '';
  return `![${alt}](${image.src}${title})`;
}

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
  const insertMarkdown = usePublisher(insertMarkdown$);
  useEffect(() => {
    // One image goes where the caret is; several become a run of images, each alone in its paragraph.
    insertRef.current = (images) => {
      const [image] = images;
      if (!image) return;
      if (images.length === 1) insertImage({ src: image.src, altText: image.alt, ...(image.title ? { title: image.title } : {}) });
      else insertMarkdown(images.map(imageLine).join('\n\n'));
    };
    return () => void (insertRef.current = null);
  }, [insertImage, insertMarkdown, insertRef]);

  async function addImage() {
    insertRef.current?.(await env.pickImages({ caption: true }));
  }

  /** A gallery's photos: several at once in one dialog, and again until it has the few it needs. */
  async function pickGallery(): Promise<PickedImage[]> {
    const picked: PickedImage[] = [];
    while (picked.length < GALLERY_MIN) {
      const heading = picked.length
        ? `Gallery: ${GALLERY_MIN - picked.length} more (a gallery shows at least ${GALLERY_MIN})`
        : `Gallery: its photos (${GALLERY_MIN} or more; pick several at once)`;
      const more = await env.pickImages({ caption: true, heading, most: GALLERY_MAX - picked.length });
      if (!more.length) break;
      picked.push(...more);
    }
    return picked;
  }

  async function addBlock(name: string) {
    if (name === 'Figure') {
      const image = await env.pickImage({ caption: true });
      if (image)
        insertJsx({ kind: 'flow', name, props: { src: image.src, alt: image.alt, ...(image.title ? { caption: image.title } : {}) } });
      return;
    }
    if (name === 'Gallery' || name === 'BeforeAfter') {
      const picked: PickedImage[] = [];
      if (name === 'Gallery') picked.push(...(await pickGallery()));
      while (name === 'BeforeAfter' && picked.length < BEFORE_AFTER_IMAGES) {
        const image = await env.pickImage({ heading: picked.length ? 'The after image' : 'The before image' });
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
