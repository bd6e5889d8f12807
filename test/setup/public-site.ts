import { startFixtureServer } from '../helpers/data/fixture-site';
import { PUBLIC_SITE_ENV } from '../helpers/suite/public-site';
import { startServer } from '../helpers/start/server';

/**
 * The run's read-only public sites (test/helpers/suite/public-site.ts), started
 * once after the build, for the files that only read pages.
 */
export default async function setup() {
  if (process.env[PUBLIC_SITE_ENV.sample]) return;
  const [sample, fixture] = await Promise.all([startServer(), startFixtureServer()]);
  process.env[PUBLIC_SITE_ENV.sample] = sample.url;
  process.env[PUBLIC_SITE_ENV.fixture] = fixture.url;
  return async () => {
    delete process.env[PUBLIC_SITE_ENV.sample];
    delete process.env[PUBLIC_SITE_ENV.fixture];
    await Promise.all([sample.stop(), fixture.stop()]);
  };
}
