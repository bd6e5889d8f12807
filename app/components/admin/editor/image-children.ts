import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';

/**
 * The images inside a block that holds them (Gallery, BeforeAfter), changed
 * in the document's own nodes: each change touches the images only, so the
 * lines around them (one image a line) keep their layout.
 */
export type Update = (patch: Partial<MdxJsxFlowElement>) => void;
export type Child = MdxJsxFlowElement['children'][number];
export type Image = { type: 'image'; url: string; alt?: string | null; title?: string | null };
export type AnyNode = { type: string; children?: AnyNode[] };

export function images(nodes: AnyNode[]): Image[] {
  return nodes.flatMap((n) => (n.type === 'image' ? [n as unknown as Image] : images(n.children ?? [])));
}

/** The children with the `index`-th image (in document order) patched. */
export function patchImage(nodes: AnyNode[], index: number, patch: Partial<Image>): AnyNode[] {
  let seen = -1;
  const walk = (list: AnyNode[]): AnyNode[] =>
    list.map((n) => {
      if (n.type === 'image') return ++seen === index ? { ...n, ...patch } : n;
      return n.children ? { ...n, children: walk(n.children) } : n;
    });
  return walk(nodes);
}

/** A new image child, on a line of its own after the others (the file's layout puts each on its own line). */
export function withImage(nodes: AnyNode[], image: Image): AnyNode[] {
  const last = nodes.map((n) => n.type).lastIndexOf('paragraph');
  if (last === -1) return [...nodes, { type: 'paragraph', children: [image as unknown as AnyNode] }];
  return nodes.map((n, i) =>
    i === last ? { ...n, children: [...(n.children ?? []), { type: 'text', value: '\n' } as AnyNode, image as unknown as AnyNode] } : n,
  );
}

/** The children without the `index`-th image (and the line break that set it apart). */
export function withoutImage(nodes: AnyNode[], index: number): AnyNode[] {
  let seen = -1;
  const walk = (list: AnyNode[]): AnyNode[] => {
    const out: AnyNode[] = [];
    for (const n of list) {
      if (n.type === 'image' && ++seen === index) {
        const previous = out.at(-1) as { type: string; value?: string } | undefined;
        if (previous?.type === 'text' && /^\s*$/.test(previous.value ?? '')) out.pop();
        continue;
      }
      out.push(n.children ? { ...n, children: walk(n.children) } : n);
    }
    return out;
  };
  const result = walk(nodes);
  // A paragraph left starting with the removed image's line break starts with the next image instead.
  return result.map((n) => {
    const first = n.children?.[0] as { type: string; value?: string } | undefined;
    return n.type === 'paragraph' && first?.type === 'text' && /^\s*$/.test(first.value ?? '')
      ? { ...n, children: n.children!.slice(1) }
      : n;
  });
}

/**
 * The children with the image at `from` moved to `to` (its index among the
 * others): the images change places, the line breaks between them stay.
 */
export function movedImage(nodes: AnyNode[], from: number, to: number): AnyNode[] {
  const order = images(nodes);
  const [moved] = order.splice(from, 1);
  if (!moved) return nodes;
  order.splice(to, 0, moved);
  let seen = -1;
  const walk = (list: AnyNode[]): AnyNode[] =>
    list.map((n) => {
      if (n.type === 'image') return order[++seen] as unknown as AnyNode;
      return n.children ? { ...n, children: walk(n.children) } : n;
    });
  return walk(nodes);
}
