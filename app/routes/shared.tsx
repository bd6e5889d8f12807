import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ShareLinkProblemPage } from '~/components/share/ShareLinkProblemPage';
import { CaseStudyGrid } from '~/components/ui';
import { fillWords, SHARED_WORDS } from '~/content/site-words';
import { sharedPageLoader } from './shared.server';
import { loadAsDocument } from '~/utils/load-as-document';

/** Where a link that opens several private case studies lands: just those, as cards. */
export const loader = sharedPageLoader;

// A public page: never rendered by the app in the browser, loaded as a document (app/utils/load-as-document.ts).
export const clientLoader = loadAsDocument;

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.words.eyebrow ?? SHARED_WORDS.eyebrow} — ${data?.name ?? 'Portfolio'}` },
  { name: 'robots', content: 'noindex' },
];

export default function SharedWithYou() {
  const { name, words, cards, problem } = useLoaderData<typeof loader>();
  if (problem) return <ShareLinkProblemPage {...problem} />;
  return (
    <main id="main" className="mx-auto max-w-6xl px-5 py-16 sm:px-6 sm:py-24 lg:px-8">
      <p className="text-sm font-semibold tracking-[0.16em] text-accent uppercase">{words.eyebrow}</p>
      <h1 className="mt-3 text-4xl font-semibold tracking-[-0.025em] text-balance sm:text-5xl">{words.title}</h1>
      <p className="mt-4 max-w-2xl text-lg text-pretty text-fg-muted">
        {fillWords(cards.length === 1 ? words.subtitleOne : words.subtitleMany, { name, count: cards.length })}
      </p>
      <CaseStudyGrid cards={cards} className="mt-12" />
    </main>
  );
}
