import type { Config } from '@netlify/functions';
import { checkRetiredDeployImages } from '../../app/editing/going-live/retired-deploy-images.server';

/**
 * retired-images: once a day, when images replaced or deleted by a publish
 * are still among the deploy's static files (the CDN answers them before
 * any function), start a build through the build hook (BUILD_HOOK_URL) so
 * they leave the site (app/editing/going-live/retired-deploy-images.server.ts).
 * A scheduled function has no URL and runs on the published deploy only.
 */

export const config: Config = { schedule: '@daily' };

export default async (_request: Request): Promise<Response> => {
  try {
    const check = await checkRetiredDeployImages();
    if (check.action === 'rebuild')
      console.log(
        `retired-images: ${check.retired.length} image files no longer named; ${check.result.ok ? 'a rebuild started' : check.result.message}`,
      );
    else if (check.action === 'not-set-up')
      console.warn(
        `retired-images: ${check.retired.length} image files no longer named stay until the next build: set BUILD_HOOK_URL to remove them within a day.`,
      );
  } catch (error) {
    // Only the kind of failure: a message could hold the hook's address.
    console.error(`retired-images: the check failed (${(error as Error)?.name ?? 'unknown error'})`);
  }
  return new Response(null, { status: 204 });
};
