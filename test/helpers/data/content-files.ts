import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, isMap, isSeq, type Node, type Pair } from 'yaml';
import { caseStudyFrontmatterSchema, pageFrontmatterSchema, resumeFrontmatterSchema, siteSchema } from '~/content/schema';
import { caseStudyForm, pageForm, resumeForm, siteForm, type Field } from '~/editing/documents/fields';
import { readDocument, type ContentDocument } from '~/editing/documents/frontmatter.server';
import { readYaml } from '../../../pipeline/content/locate';
import { ROOT } from './content';

/**
 * Every file the editor opens (site.yml and each .mdx) of the fixture
 * designers: the sample designer's (test/fixtures/site), named as the editor
 * names them, `content/…`, then the other fixtures under their own paths
 * (test/fixtures/second-site/…, test/fixtures/case-studies/…). Never the
 * designer's own content/, which may be anything valid.
 */
const SAMPLE_SITE = 'test/fixtures/site';

export type ContentFile = {
  file: string;
  text: string;
  document: ContentDocument;
  form: Field;
  schema: { safeParse(data: unknown): { success: boolean } };
};

function walk(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return walk(rel);
    return /\.(mdx|ya?ml)$/.test(entry.name) ? [rel] : [];
  });
}

export function contentFiles(): ContentFile[] {
  const sample = (file: string) => file.startsWith(`${SAMPLE_SITE}/`);
  // test/fixtures/looks/ holds only the `look` a test lays over a site.yml (look-site.ts), not files the editor opens.
  const named = walk('test/fixtures')
    .filter((file) => !file.startsWith('test/fixtures/looks/'))
    .map((file) => ({
      file: sample(file) ? `content/${file.slice(SAMPLE_SITE.length + 1)}` : file,
      source: file,
    }));
  return named
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
    .map(({ file, source }) => {
      const text = readFileSync(path.join(ROOT, source), 'utf8');
      const isYaml = /\.ya?ml$/.test(file);
      const document = readDocument(text, isYaml ? 'yaml' : 'mdx');
      const [form, schema] = isYaml
        ? [siteForm, siteSchema]
        : file.endsWith('resume.mdx')
          ? [resumeForm, resumeFrontmatterSchema]
          : // Pages of her own (test/fixtures/pages/, content/pages/ in a site).
            /(^|\/)pages\/[^/]+\.mdx$/.test(file)
            ? [pageForm, pageFrontmatterSchema]
            : [caseStudyForm, caseStudyFrontmatterSchema];
      return { file, text, document, form, schema };
    });
}

export function contentFile(file: string): ContentFile {
  const found = contentFiles().find((candidate) => candidate.file === file);
  if (!found) throw new Error(`no content file ${file}`);
  return found;
}

/** The data as the build reads it (compile.ts reads site.yml and frontmatter with readYaml). */
export function buildData(yamlText: string): Record<string, unknown> {
  return (readYaml(yamlText).data ?? {}) as Record<string, unknown>;
}

/** The lines that differ between two texts: the middle left once the common first and last lines are set aside (1-based `from`). */
export function changedSpan(before: string, after: string) {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { from: head + 1, removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) };
}

/** First and last line (1-based) of the field at `path` in `yamlText`: from its key (or list item) to the end of its value. */
export function fieldLines(yamlText: string, fieldPath: (string | number)[]): [number, number] {
  const lineCounter = new LineCounter();
  const document = parseDocument(yamlText, { lineCounter });
  let node: unknown = document.contents;
  let start = 0;
  let end = 0;
  for (const key of fieldPath) {
    if (isMap(node)) {
      const pair = node.items.find((item: Pair) => (item.key as { value?: unknown }).value === key);
      if (!pair) throw new Error(`no field ${fieldPath.join('.')}`);
      start = (pair.key as Node).range![0];
      node = pair.value;
    } else if (isSeq(node)) {
      node = node.items[key as number];
      start = (node as Node).range![0];
    } else throw new Error(`no field ${fieldPath.join('.')}`);
    end = (node as Node).range![1];
  }
  const last = lineCounter.linePos(end);
  return [lineCounter.linePos(start).line, last.col === 1 ? last.line - 1 : last.line];
}

/** Changed lines between two texts, as `-old` / `+new`, in order. */
export function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    // Past the end of `a` its item is undefined, so `left` also says whether `a` has lines left.
    const left = a[i];
    if (left === b[j]) {
      i++;
      j++;
    } else if (left !== undefined && b.indexOf(left, j) === -1) {
      out.push(`-${left}`);
      i++;
    } else out.push(`+${b[j++]}`);
  }
  return out;
}
