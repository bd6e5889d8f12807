import { describe, expect, it } from 'vitest';
import { readProp, writeProp, type Attribute } from '~/components/admin/editor/attributes';
import { allBlockForms } from '~/components/admin/editor/block-fields';
import { frameBody, mediaUrl, sameBesideBlankLines, tidyBlankLines, unframeBody } from '~/components/admin/editor/body-text';
import { must } from '../helpers/must';

const forms = allBlockForms();
const form = (block: string) => must(forms[block], `a form for <${block}>`);
const field = (block: string, name: string) =>
  must(
    form(block).fields.find((f) => f.name === name),
    `a field ${name} on <${block}>`,
  );
const order = (block: string) => form(block).fields.map((f) => f.name);
const attr = (name: string, value: Attribute['value'] = null): Attribute => ({ type: 'mdxJsxAttribute', name, value }) as Attribute;

describe('block forms from the zod props', () => {
  it('enum → select, boolean → checkbox, image props → picker, required and optional', () => {
    expect(field('Figure', 'layout')).toEqual({ name: 'layout', kind: 'enum', required: false, options: ['text', 'wide', 'full'] });
    expect(field('Video', 'autoplay')).toEqual({ name: 'autoplay', kind: 'boolean', required: false });
    expect(field('Video', 'poster')).toEqual({ name: 'poster', kind: 'image', required: true });
    expect(field('Figure', 'src').kind).toBe('image');
    expect(field('Video', 'src')).toEqual({ name: 'src', kind: 'video', required: true });
    expect(field('Video', 'webm')).toEqual({ name: 'webm', kind: 'video', required: false });
    expect(field('Quote', 'name')).toEqual({ name: 'name', kind: 'text', required: true });
    expect(forms.Metric?.parent).toBe('Metrics');
  });
});

describe('changing one prop keeps every other attribute as written', () => {
  const video = [
    attr('src', './v.mp4'),
    attr('poster', './p.png'),
    attr('alt', 'A clip'),
    attr('caption', 'Old'),
    attr('autoplay'),
    attr('data-x', 'kept'),
  ];

  it('a caption edit leaves `autoplay` (no value) and unknown props alone, in order', () => {
    const next = writeProp(video, field('Video', 'caption'), 'New', order('Video'));
    expect(next.map((a) => (a as { name: string }).name)).toEqual(['src', 'poster', 'alt', 'caption', 'autoplay', 'data-x']);
    expect(readProp(next, field('Video', 'caption'))).toBe('New');
    expect(next[4]).toBe(video[4]);
  });

  it('a boolean reads true when written bare, false as {false}; unticking removes it', () => {
    expect(readProp(video, field('Video', 'autoplay'))).toBe(true);
    expect(
      readProp([attr('autoplay', { type: 'mdxJsxAttributeValueExpression', value: 'false' } as never)], field('Video', 'autoplay')),
    ).toBe(false);
    expect(
      writeProp(video, field('Video', 'autoplay'), false, order('Video')).some((a) => (a as { name: string }).name === 'autoplay'),
    ).toBe(false);
  });

  it('an emptied optional prop is removed; a new one goes where the schema puts it; no change returns the same list', () => {
    const figure = [attr('src', './a.png'), attr('alt', 'A'), attr('layout', 'wide')];
    expect(writeProp(figure, field('Figure', 'alt'), '', order('Figure')).length).toBe(2);
    const withCaption = writeProp(figure, field('Figure', 'caption'), 'C', order('Figure'));
    expect(withCaption.map((a) => (a as { name: string }).name)).toEqual(['src', 'alt', 'caption', 'layout']);
    expect(writeProp(figure, field('Figure', 'alt'), 'A', order('Figure'))).toBe(figure);
  });
});

describe('the body around what the editor edits', () => {
  it('keeps the blank line after the frontmatter and the final newline', () => {
    for (const body of ['\n## A\n\nText.\n', '', '\nSummary only.\n', 'No lead\n', '\n\nTwo lines before\n\n']) {
      const frame = frameBody(body);
      expect(unframeBody(frame, `${frame.markdown}\n`)).toBe(body);
    }
  });

  it('the empty paragraphs the editor exports as runs of blank lines are one blank line; fenced code keeps its own', () => {
    const frame = frameBody('\n## A\n\nText.\n');
    expect(unframeBody(frame, '## A\n\nText.\n\n\n\n\nMore.\n\n  \n\n<Callout>\n  Hi\n</Callout>\n')).toBe(
      '\n## A\n\nText.\n\nMore.\n\n<Callout>\n  Hi\n</Callout>\n',
    );
    expect(tidyBlankLines('```\na\n\n\n\nb\n```\n\n\n\nc')).toBe('```\na\n\n\n\nb\n```\n\nc');
    expect(sameBesideBlankLines('A\n\n\n\nB\n', 'A\n\nB\n')).toBe(true);
    expect(sameBesideBlankLines('A\n\nB\n', 'A\nB\n')).toBe(false);
  });

  it('an empty body that gets text takes the house layout', () => {
    expect(unframeBody(frameBody(''), 'New story\n')).toBe('\nNew story\n');
  });

  it('previews a story’s relative image from the owner-only media route, leaves site paths alone', () => {
    expect(mediaUrl('content/case-studies/office-depot.mdx', './office-depot/a.png')).toBe(
      '/admin/content/api/media/content/case-studies/office-depot/a.png',
    );
    expect(mediaUrl('content/case-studies/office-depot.mdx', '/images/x.svg')).toBe('/images/x.svg');
  });
});
