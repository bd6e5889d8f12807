import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { OWNER_HEADERS, requireOwner } from '~/access/owner-guard.server';
import { checkContentPath, ContentPathError } from '~/editing/content-path.server';
import { readDocument } from '~/editing/frontmatter.server';

/**
 * STAND-IN for the lead's editor route (feat/editor-body only): reads the file
 * from disk so the body editor can be driven in Chromium before the real
 * route (drafts, publish, git) lands, and is replaced by it. A file not in
 * content/ is looked for in test/fixtures/ (the fixture case studies the
 * round-trip test opens); the path is checked as the real route checks it.
 */
const FALLBACK_DIRS = ['test/fixtures'];

/**
 * The file's text, or null. The folder arrives as a parameter on purpose:
 * @vercel/nft (Netlify's tracer) turns `path.join(process.cwd(), <unknown>)`
 * written at the call into a glob of the whole checkout, node_modules and all.
 */
function readText(folder: string, under: string): Promise<string | null> {
  return readFile(path.join(folder, under), 'utf8').catch(() => null);
}

export async function contentStandInLoader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  let documentPath: string;
  try {
    documentPath = checkContentPath(`content/${params['*'] ?? ''}`);
  } catch (error) {
    if (error instanceof ContentPathError) throw data(error.message, { status: 404, headers: OWNER_HEADERS });
    throw error;
  }
  if (!documentPath.endsWith('.mdx')) throw data('Only MDX files open in this stand-in.', { status: 404, headers: OWNER_HEADERS });
  const under = documentPath.slice('content/'.length);
  for (const root of ['content', ...FALLBACK_DIRS]) {
    const text = await readText(path.resolve(root), under);
    if (text === null) continue;
    const { body } = readDocument(text, 'mdx');
    return data({ documentPath, body, blocks: under === 'resume.mdx' ? ('none' as const) : ('case-study' as const) }, { headers: OWNER_HEADERS });
  }
  throw data('No such file.', { status: 404, headers: OWNER_HEADERS });
}
