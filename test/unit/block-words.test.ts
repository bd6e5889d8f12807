import { describe, expect, it } from 'vitest';
import { allBlockForms } from '~/components/admin/editor/block-fields';
import { BLOCK_WORDS, imageName, OPTION_WORDS, optionWords, PROP_WORDS, propWords } from '~/components/admin/editor/block-words';

/**
 * The story blocks in the designer's words: every block, prop and choice the
 * build's table (components/mdx/blocks.ts) has is named in her words, so a
 * prop added there cannot reach a card as "Src" or a block as "BEFOREAFTER".
 */

const forms = allBlockForms();
// A word she would not read: the prop's or block's own name, a camelCase or a path-like name.
const developerWord = (words: string, name: string) => words === name || /[a-z][A-Z]/.test(words) || /^(src|href|alt|webm)$/i.test(words);

describe('block words', () => {
  it.each(Object.keys(forms))('%s: the block and each of its props has a label of her own', (block) => {
    expect(BLOCK_WORDS[block], block).toBeDefined();
    expect(developerWord(BLOCK_WORDS[block]!, block) && block !== BLOCK_WORDS[block], block).toBe(false);
    if (block === 'BeforeAfter') expect(BLOCK_WORDS[block]).toBe('Before and after');
    for (const field of forms[block]!.fields) {
      expect(PROP_WORDS[block]?.[field.name], `${block}.${field.name}`).toBeDefined();
      expect(developerWord(propWords(block, field.name).label, field.name), `${block}.${field.name}`).toBe(false);
      for (const option of field.kind === 'enum' ? ['', ...field.options!] : []) {
        expect(OPTION_WORDS[field.name]?.[option], `${block}.${field.name} = "${option}"`).toBeDefined();
      }
    }
  });

  it('no label is a field key, a tag or a path', () => {
    const all = [
      ...Object.values(BLOCK_WORDS),
      ...Object.values(PROP_WORDS).flatMap((props) => Object.values(props).flatMap((w) => [w.label, w.hint ?? ''])),
    ];
    for (const words of all) expect(words).not.toMatch(/\b(Src|Href|src|href)\b|<|\.\/|[A-Z]{4,}/);
    expect(optionWords('layout', 'full')).toBe('Full width');
  });

  it('an image is named by its file, without the folder, the stored hash or the extension', () => {
    expect(imageName('./booking-freight/booking-flow-before-819f8a97.png')).toBe('booking flow before');
    expect(imageName('./office-depot/final_home.svg')).toBe('final home');
  });
});
