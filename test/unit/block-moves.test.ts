import { describe, expect, it } from 'vitest';
import { blockLabel } from '~/components/admin/editor/block-moves';

/** A move between two blocks of one kind says which one: "Gallery moved above the gallery “Photo B 1”". */
describe('telling a block from another of its kind', () => {
  const attribute = (name: string, value: string) => ({ type: 'mdxJsxAttribute', name, value });
  const image = (alt: string) => ({ type: 'image', alt });

  it('by its title, caption or alt text, as she wrote them', () => {
    expect(
      blockLabel({
        type: 'mdxJsxFlowElement',
        name: 'Callout',
        attributes: [attribute('kind', 'decision'), attribute('title', 'We cut a step')],
      }),
    ).toBe('We cut a step');
    expect(
      blockLabel({
        type: 'mdxJsxFlowElement',
        name: 'Figure',
        attributes: [attribute('src', './a.png'), attribute('alt', 'The old checkout')],
      }),
    ).toBe('The old checkout');
  });

  it('else by its first image, and clipped on a word when long', () => {
    const gallery = {
      type: 'mdxJsxFlowElement',
      name: 'Gallery',
      attributes: [],
      children: [{ type: 'paragraph', children: [image(''), image('Photo B 1'), image('Photo B 2')] }],
    };
    expect(blockLabel(gallery)).toBe('Photo B 1');
    const long = {
      type: 'mdxJsxFlowElement',
      name: 'Gallery',
      children: [{ type: 'paragraph', children: [image('The checkout on a phone, before the redesign, step one of five')] }],
    };
    expect(blockLabel(long)).toBe('The checkout on a phone, before the…');
  });

  it('nothing when it has no words of hers', () => {
    expect(blockLabel({ type: 'mdxJsxFlowElement', name: 'Metrics', attributes: [], children: [] })).toBe('');
  });
});
