import { homeSchema } from '~/content/schema';
import { DEFAULT_HOME, isDefaultHome, type HomeOrder } from '~/content/home-sections';
import { siteForm } from '~/editing/documents/fields';
import { applyChanges, yamlData } from '~/editing/documents/frontmatter.server';
import { isPlainObject } from '~/editing/documents/yaml-edit.server';

/**
 * The home page's sections inside content/site.yml's text (its `home:`),
 * read and written as her look is (site-look.server.ts): only those lines
 * change. The order the site always had is written as no `home:` at all, so
 * a site she sets back keeps no lines of it.
 */

/** The sections a site.yml text holds (the original order where it has none, or one the schema would refuse). */
export function homeInSiteText(text: string): HomeOrder {
  try {
    const data = yamlData(text);
    const parsed = homeSchema.safeParse(isPlainObject(data) ? data.home : undefined);
    return parsed.success ? parsed.data : DEFAULT_HOME;
  } catch {
    return DEFAULT_HOME;
  }
}

/** The text with `home` set: both lists when she changed them, none when they are the original. */
export function withHomeInSiteText(text: string, home: HomeOrder): string {
  const data = yamlData(text);
  if (!isPlainObject(data)) throw new TypeError('the site details are not a mapping of fields');
  const { home: had, ...rest } = data;
  if (isDefaultHome(home)) return had === undefined ? text : applyChanges(text, rest, siteForm);
  return applyChanges(text, { ...rest, home: { order: [...home.order], hidden: [...home.hidden] } }, siteForm);
}

export const sameHome = (a: HomeOrder, b: HomeOrder) => JSON.stringify(a) === JSON.stringify(b);
