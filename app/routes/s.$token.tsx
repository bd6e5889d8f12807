import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ShareLinkProblemPage } from '~/components/share/ShareLinkProblemPage';
import { shareLinkLoader } from './s.$token.server';
import { loadAsDocument } from '~/utils/load-as-document';

export const loader = ({ params, request }: LoaderFunctionArgs) => shareLinkLoader(request, params.token ?? '');

// A public page: never rendered by the app in the browser, loaded as a document (app/utils/load-as-document.ts).
export const clientLoader = loadAsDocument;

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction = () => [
  { title: 'Shared case study' },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function ShareLinkRoute() {
  return <ShareLinkProblemPage {...useLoaderData<typeof loader>()} />;
}
