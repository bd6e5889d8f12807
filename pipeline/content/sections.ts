import type { Section } from '../../app/content/schema';
import { slugify } from '../../app/content/slug';

/** Minimal hast shapes, so the plugin needs no extra dependency. */
type HastNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
};


function textOf(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/**
 * Numbers the top-level `##` headings 1, 2, 3… in document order, so the
 * designer never types numbers, and gives each an id for in-page links.
 * The numbers are collected into `sections` for the page's outline.
 */
export function rehypeNumberedSections({ sections }: { sections: Section[] }) {
  return (tree: HastNode) => {
    sections.length = 0;
    const used = new Set<string>();
    for (const node of tree.children ?? []) {
      if (node.type !== 'element' || node.tagName !== 'h2') continue;
      const title = textOf(node).trim();
      const base = slugify(title) || 'section';
      let id = base;
      for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
      const number = sections.length + 1;
      sections.push({ id, number, title });
      node.properties = { ...node.properties, id, dataSection: String(number) };
    }
  };
}
