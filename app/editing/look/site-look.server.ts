import { DEFAULT_LOOK, type Look } from '~/look/look';
import { lookSchema } from '~/content/schema';
import { siteForm } from '~/editing/documents/fields';
import { applyChanges, yamlData } from '~/editing/documents/frontmatter.server';
import { isPlainObject } from '~/editing/documents/yaml-edit.server';

/**
 * Her look inside content/site.yml's text, read and written with the yaml
 * Document API (applyChanges): only the `look:` lines change, the rest of the
 * file (its comments, quoting, folded paragraphs) keeps its bytes.
 */

const LOOK_KEYS = ['accent', 'neutral', 'shape', 'scheme', 'typeface', 'workLayout', 'portraitOnPhones'] as const;

/** The look a site.yml text holds (the original look where it has none, or one the schema would refuse). */
export function lookInSiteText(text: string): Look {
  try {
    const data = yamlData(text);
    const parsed = lookSchema.safeParse(isPlainObject(data) ? data.look : undefined);
    return parsed.success ? { ...DEFAULT_LOOK, ...parsed.data } : DEFAULT_LOOK;
  } catch {
    return DEFAULT_LOOK;
  }
}

/**
 * The text with `look` set. A key the file has keeps its line and takes the
 * new value; a choice left at the original is not added, so a file that never
 * had a look gains only the lines of what she changed, and a look set back to
 * the original leaves no new line behind.
 */
export function withLookInSiteText(text: string, look: Look): string {
  const data = yamlData(text);
  if (!isPlainObject(data)) throw new TypeError('the site details are not a mapping of fields');
  const had = isPlainObject(data.look) ? data.look : {};
  const next: Record<string, string | boolean> = {};
  for (const key of LOOK_KEYS) {
    if (Object.hasOwn(had, key) || look[key] !== DEFAULT_LOOK[key]) next[key] = look[key];
  }
  const { look: _old, ...rest } = data;
  const nextData = Object.keys(next).length === 0 && !isPlainObject(data.look) ? rest : { ...rest, look: next };
  return applyChanges(text, nextData, siteForm);
}
