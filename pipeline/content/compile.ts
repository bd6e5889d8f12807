import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ZodTypeAny, z } from 'zod';
import {
  caseStudyFrontmatterSchema,
  pageFrontmatterSchema,
  resumeFrontmatterSchema,
  siteSchema,
  type CaseStudy,
  type CaseStudyCard,
  type CompiledContent,
  type Resume,
  type Site,
} from '../../app/content/schema';
import { ContentError } from './errors';
import { frontmatterLanguage, namedLanguageProblem, splitFrontmatter } from '../../app/content/frontmatter-fences';
import { compileMdx } from './mdx';
import { readYaml, yamlSyntaxProblem, zodProblems } from './locate';
import { typeset, typesetFields } from './typography';
import { CONTENT_PARSE } from './zod-messages';
import { IMAGE_WIDTHS, ImagePlan } from '../images';
import { resolveFieldImage } from './field-images';
import { checkPdfDrawable } from './pdf-coverage';
import { BLOCKS } from '../../app/components/mdx/blocks';
import { fillWords } from '../../app/content/site-words';
import { PRIVATE_MEDIA_DIR, PRIVATE_MEDIA_URL } from '../../app/access/private-media.server';
import { caseStudyComponents, summaryComponents } from '../../app/components/mdx/components';
import { compilePages } from './pages';

/**
 * Build-time only: reads content/, validates it, compiles the MDX and renders
 * it to HTML.
 * Loaders never import this (production requests must not run esbuild);
 * they read the JSON that pipeline/build-content.ts writes from its result.
 */

export { ContentError };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CASE_STUDY_LINK = /\/case-study\/([^\s"'()#?\]\\/]+)/g;

type LineOf = ReturnType<typeof readYaml>['lineOf'];

/** `lineOf`: the file's line of a field of `data` (from readYaml), so problems carry their lines. */
function parseWith<S extends ZodTypeAny>(schema: S, data: unknown, file: string, lineOf: LineOf): z.infer<S> {
  const result = schema.safeParse(data ?? {}, CONTENT_PARSE);
  if (!result.success) throw new ContentError(file, zodProblems(result.error, lineOf));
  refuseImageSyntax(data, file, lineOf);
  return result.data;
}

const IMAGE_SYNTAX = /!\[[^\]]*\]\(/;

/** A field shows its words as they are: Markdown image syntax in one would reach the page as text. */
function refuseImageSyntax(data: unknown, file: string, lineOf: LineOf) {
  const problems = [...stringFields(data)]
    .filter(([, text]) => IMAGE_SYNTAX.test(text))
    .map(([field, text]) => ({
      message: `field "${field}": "${text.slice(0, 60)}" would show on the page as text: a field holds words only; put the image in a case study's story, as ![what it shows](./folder/file.png)`,
      line: lineOf(field.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key))),
    }));
  if (problems.length > 0) throw new ContentError(file, problems);
}

/** Markdown summary → plain text, for the PDF and meta tags. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .replace(/^#+\s*/gm, '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

/** Every string in parsed frontmatter, with its field path (e.g. "page.summary", "tags.1"). */
function* stringFields(value: unknown, at: string[] = []): Generator<[string, string]> {
  if (typeof value === 'string') yield [at.join('.'), value];
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) yield* stringFields(child, [...at, key]);
  }
}

type LinkCheck = { file: string; where: string; text: string };

function frontmatterLinkChecks(file: string, data: unknown): LinkCheck[] {
  return [...stringFields(data)].map(([field, text]) => ({ file, where: `field "${field}"`, text }));
}

async function readText(file: string, label: string): Promise<string> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    throw new ContentError(label, ['file is missing']);
  }
}

/**
 * The project's own fence reader finds the frontmatter (never gray-matter,
 * which would run a `---js` block), and `yaml` reads it (readYaml, kept for the
 * lines). The YAML is read from the opening ---'s line on, so its lines are the
 * file's.
 */
function parseFrontmatter(text: string, label: string): { data: unknown; content: string; lineOf: LineOf } {
  const language = frontmatterLanguage(text);
  if (language !== undefined) throw new ContentError(label, [{ line: 1, message: namedLanguageProblem(language) }]);
  const fences = splitFrontmatter(text);
  if (!fences) return { data: {}, content: text, lineOf: () => undefined };
  try {
    // The rest of the opening fence's line first: line 1 of this text is line 1 of the file.
    const read = readYaml(text.slice(3, fences.open.length) + fences.yaml);
    return { data: read.data ?? {}, content: fences.body, lineOf: read.lineOf };
  } catch (error) {
    throw new ContentError(label, [yamlSyntaxProblem(error, 'frontmatter is not valid YAML', 1, text)]);
  }
}

/**
 * The compiled content, and the files it names, planned for
 * writeImageVariants(): `images` under public/, `privateMedia` (the stories
 * of private case studies) under .generated/private-media/, served only to
 * visitors who unlocked them.
 */
export type CompiledSite = { content: CompiledContent; images: ImagePlan; privateMedia: ImagePlan };

export async function compileContent(contentDir: string, publicDir = path.resolve('public')): Promise<CompiledContent> {
  return (await compileSite(contentDir, publicDir)).content;
}

export async function compileSite(
  contentDirectory: string,
  publicDir = path.resolve('public'),
  privateDir = path.resolve(PRIVATE_MEDIA_DIR),
): Promise<CompiledSite> {
  const contentDir = path.resolve(contentDirectory);
  const images = new ImagePlan(publicDir);
  const privateMedia = new ImagePlan(publicDir, { dir: path.resolve(privateDir), url: PRIVATE_MEDIA_URL });
  const rel = (file: string) => path.posix.join('content', path.relative(contentDir, file).split(path.sep).join('/'));

  const siteFile = path.join(contentDir, 'site.yml');
  const siteText = await readText(siteFile, rel(siteFile));
  let siteYaml: ReturnType<typeof readYaml>;
  try {
    siteYaml = readYaml(siteText);
  } catch (error) {
    throw new ContentError(rel(siteFile), [yamlSyntaxProblem(error, 'not valid YAML', 1, siteText)]);
  }
  const siteData = siteYaml.data;
  const siteFields = typesetFields(parseWith(siteSchema, siteData, rel(siteFile), siteYaml.lineOf));
  // The name heads the resume PDF.
  checkPdfDrawable(rel(siteFile), { name: siteFields.name }, '', siteYaml.lineOf);
  const siteRoots = { dir: contentDir, contentDir, publicDir };
  // The original is served from the generated files too, wherever it is stored: nothing under public/ needs to stay.
  const photo = async (key: 'profile' | 'about') => {
    const { src, alt, focus } = siteFields.photos[key];
    const found = await resolveFieldImage(src, siteRoots, rel(siteFile), `photos.${key}.src`);
    const served = await images.copy(found.file);
    const sources = await images.responsive(found.file, IMAGE_WIDTHS[key]);
    return { src: served, alt, ...(focus ? { focus } : {}), width: found.width, height: found.height, sources };
  };
  const site: Site = { ...siteFields, photos: { profile: await photo('profile'), about: await photo('about') } };

  const caseStudyDir = path.join(contentDir, 'case-studies');
  const files = (await fs.readdir(caseStudyDir).catch(() => [] as string[])).filter((f) => f.endsWith('.mdx')).sort();
  const linkChecks: LinkCheck[] = frontmatterLinkChecks(rel(siteFile), siteData);
  const cards: CaseStudyCard[] = [];
  const caseStudies: Record<string, CaseStudy> = {};

  for (const name of files) {
    const file = path.join(caseStudyDir, name);
    const label = rel(file);
    const slug = name.replace(/\.mdx$/, '');
    if (!SLUG.test(slug)) {
      throw new ContentError(label, ['file name must be a lowercase slug such as "my-project.mdx" (letters, digits and single hyphens)']);
    }
    const source = await readText(file, label);
    const { data, content: body, lineOf } = parseFrontmatter(source, label);
    const frontmatter = typesetFields(parseWith(caseStudyFrontmatterSchema, data, label, lineOf));
    linkChecks.push(...frontmatterLinkChecks(label, data), { file: label, where: 'the body', text: body });
    const cardImage = await resolveFieldImage(frontmatter.image, { dir: caseStudyDir, contentDir, publicDir }, label, 'image');
    const { width: imageWidth, height: imageHeight } = cardImage;
    const imageSources = await images.responsive(cardImage.file, IMAGE_WIDTHS.card);
    const servedImage = await images.copy(cardImage.file);

    if (frontmatter.status === 'published') {
      const { status: _status, page, visibility, lockedNote, ...rest } = frontmatter;
      const fields = { ...rest, image: servedImage };
      const isPrivate = visibility === 'private';
      const card: CaseStudyCard = { ...fields, imageWidth, imageHeight, imageSources, slug, href: `/case-study/${slug}`, private: isPrivate };
      if (!body.trim()) throw new ContentError(label, ['a published case study needs its story below the frontmatter']);
      const { html, sections } = await compileMdx(source, label, {
        components: caseStudyComponents,
        blocks: BLOCKS,
        // A private story's media never goes under public/: everything there is public by URL.
        roots: { dir: caseStudyDir, contentDir, publicDir, plan: isPrivate ? privateMedia : images },
      });
      if (sections.length === 0) throw new ContentError(label, ['a published case study needs "## " section headings']);
      cards.push(card);
      // The page shows the image full width, so it gets wider variants than the card.
      const heroSources = await images.responsive(cardImage.file, IMAGE_WIDTHS.hero);
      caseStudies[slug] = {
        ...card,
        imageSources: heroSources,
        href: `/case-study/${slug}`,
        // Without a note of its own, the one in site.yml (locked.note), with her e-mail filled in.
        lockedNote: lockedNote ?? fillWords(site.locked.note, { email: site.email }),
        page,
        sections,
        html,
      };
    } else {
      const { status: _status, ...fields } = frontmatter;
      cards.push({ ...fields, image: servedImage, imageWidth, imageHeight, imageSources, slug, href: null, private: false });
    }
  }
  cards.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));

  const resumeFile = path.join(contentDir, 'resume.mdx');
  const resumeLabel = rel(resumeFile);
  const resumeSource = await readText(resumeFile, resumeLabel);
  const resumeMatter = parseFrontmatter(resumeSource, resumeLabel);
  const resumeFrontmatter = typesetFields(parseWith(resumeFrontmatterSchema, resumeMatter.data, resumeLabel, resumeMatter.lineOf));
  if (!resumeMatter.content.trim()) throw new ContentError(resumeLabel, ['the summary (the text below the frontmatter) is missing']);
  checkPdfDrawable(resumeLabel, resumeMatter.data, resumeMatter.content, resumeMatter.lineOf);
  // The summary is plain Markdown: no blocks.
  const summary = await compileMdx(resumeSource, resumeLabel, {
    components: summaryComponents,
    blocks: {},
    roots: { dir: contentDir, contentDir, publicDir, plan: images },
  });
  const resume: Resume = {
    ...resumeFrontmatter,
    summaryHtml: summary.html,
    summaryText: typeset(markdownToPlainText(resumeMatter.content)),
  };
  linkChecks.push(...frontmatterLinkChecks(resumeLabel, resumeMatter.data), { file: resumeLabel, where: 'the body', text: resumeMatter.content });

  const { pages, bodies } = await compilePages({
    contentDir,
    publicDir,
    images,
    rel,
    read: async (file, label) => {
      const source = await readText(file, label);
      const { data, content: body, lineOf } = parseFrontmatter(source, label);
      return { frontmatter: typesetFields(parseWith(pageFrontmatterSchema, data, label, lineOf)), body, source, data };
    },
  });
  for (const { file, data, body } of bodies) linkChecks.push(...frontmatterLinkChecks(file, data), { file, where: 'the body', text: body });

  for (const check of linkChecks) {
    for (const match of check.text.matchAll(CASE_STUDY_LINK)) {
      const [, target = ''] = match;
      if (!caseStudies[target]) {
        const known = Object.keys(caseStudies).join(', ') || 'none';
        throw new ContentError(check.file, [`${check.where}: link to unknown case study "/case-study/${target}" (published: ${known})`]);
      }
    }
  }

  return { content: { site, cards, caseStudies, resume, pages }, images, privateMedia };
}
