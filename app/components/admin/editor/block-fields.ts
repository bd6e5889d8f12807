import type { ZodTypeAny } from 'zod';
import { BLOCKS, type BlockChildren, type BlockDefinition } from '~/components/mdx/blocks';

/**
 * A story block's card form, generated from its zod props in
 * components/mdx/blocks.ts (the table the build checks blocks against), so a
 * prop added there shows up in the editor with the right input:
 * enum → select, boolean → checkbox, number → number input, a prop the block
 * lists under `images` → image picker/upload, under `videos` → video
 * picker/upload, anything else → text.
 */
export type PropField = {
  name: string;
  kind: 'text' | 'enum' | 'boolean' | 'number' | 'image' | 'video';
  required: boolean;
  /** An enum's values, in the schema's order. */
  options?: string[];
};

export type BlockForm = { name: string; fields: PropField[]; children: BlockChildren; parent?: string };

type Def = { type: string; innerType?: ZodTypeAny; entries?: Record<string, string>; shape?: Record<string, ZodTypeAny> };
const defOf = (schema: ZodTypeAny) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function field(name: string, schema: ZodTypeAny, block: BlockDefinition): PropField {
  let def = defOf(schema);
  let required = true;
  // .optional() and .default() wrap the type; the input shows what is inside.
  while ((def.type === 'optional' || def.type === 'default') && def.innerType) {
    required = false;
    def = defOf(def.innerType);
  }
  if (block.images?.includes(name)) return { name, kind: 'image', required };
  if (block.videos?.includes(name)) return { name, kind: 'video', required };
  if (def.type === 'enum') return { name, kind: 'enum', required, options: Object.values(def.entries ?? {}) };
  if (def.type === 'boolean') return { name, kind: 'boolean', required };
  if (def.type === 'number') return { name, kind: 'number', required };
  return { name, kind: 'text', required };
}

export function blockForm(name: string, block: BlockDefinition | undefined = BLOCKS[name]): BlockForm {
  if (!block) throw new Error(`“${name}” is not one of the story blocks.`);
  const shape = defOf(block.props).shape ?? {};
  return {
    name,
    fields: Object.entries(shape).map(([prop, schema]) => field(prop, schema, block)),
    children: block.children,
    parent: block.parent,
  };
}

/**
 * Every block's form, by name. zod is about 445 KB minified, more than the
 * rest of the editor, so the browser gets this table as block-forms.generated.ts
 * (written by `npm run gen`; test/unit/generated-files.test.ts fails when it
 * no longer matches the schemas).
 */
export function allBlockForms(): Record<string, BlockForm> {
  return Object.fromEntries(Object.keys(BLOCKS).map((name) => [name, blockForm(name)]));
}
