import type { LoaderFunctionArgs } from '@remix-run/node';
import { getResume, getSite } from '~/content/content.server';
import { pageMeta } from '~/seo/meta';
import { getSiteUrl } from '~/http/site-url.server';
import { resumeSocialCard } from '~/seo/social-image';

/** The loader of /resume, with the page's meta tags (see _index.server.ts). */
export function resumeLoader({ request }: LoaderFunctionArgs) {
  const { name, email, linkedin, website, resumePage: words } = getSite();
  const resume = getResume();
  return {
    site: { name, email, linkedin, website },
    words,
    resume,
    meta: pageMeta(
      { siteUrl: getSiteUrl(), siteName: name, requestUrl: request.url },
      {
        title: `Resume — ${name}`,
        description: `Resume of ${name}, ${resume.headline} in ${resume.location}: experience, education, skills and a downloadable PDF.`,
        type: 'profile',
        image: resumeSocialCard(name, resume),
      },
    ),
  };
}
