import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { NOT_FOUND_META, NotFound } from '~/components/layout/NotFound';
import { loadAsDocument } from '~/utils/load-as-document';

export const meta: MetaFunction = () => NOT_FOUND_META;

// A public page: never rendered by the app in the browser, loaded as a document (app/utils/load-as-document.ts).
export const clientLoader = loadAsDocument;

export function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`404 Not Found: ${pathname}`);
  throw new Response('Not Found', { status: 404 });
}

export default function CatchAll() {
  return null;
}

export function ErrorBoundary() {
  return <NotFound />;
}
