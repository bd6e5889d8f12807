/**
 * The run's public sites (test/setup/public-site.ts): the built server as a
 * visitor meets it, shared by every file that only reads it (no posts, no
 * log reading, no settings of its own), so that each such file does not
 * start a server of its own. A file that writes, counts or reads the log
 * starts its own (startServer).
 * - `sample`: the content under test, no database (startServer()'s defaults);
 * - `fixture`: the same plus the fixture case studies (startFixtureServer()).
 */
export const PUBLIC_SITE_ENV = { sample: 'PORTFOLIO_TEST_SITE', fixture: 'PORTFOLIO_TEST_FIXTURE_SITE' } as const;

export type PublicSite = keyof typeof PUBLIC_SITE_ENV;

/** The address of one of the run's public sites (known once the global set-up has run, so at a file's import already). */
export function publicSite(which: PublicSite = 'sample'): string {
  const url = process.env[PUBLIC_SITE_ENV[which]];
  if (!url) throw new Error(`No shared ${which} site: it is started by test/setup/public-site.ts, in the site project's global set-up.`);
  return url;
}
