import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError } from '@remix-run/react';
import { BrowserTimeZone } from '~/components/admin/frame/BrowserTimeZone';
import { OwnerAreaProblemPage } from '~/components/admin/frame/OwnerAreaProblemPage';
import { OwnerBar } from '~/components/admin/frame/OwnerBar';
import { adminLinks } from '~/components/admin/kit/stylesheet';
import { StatusPage } from '~/components/layout/StatusPage';
import { ownerLayoutLoader } from './admin.server';

export const loader = ownerLayoutLoader;

export const links = adminLinks;

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: MetaFunction = () => [{ title: 'Owner’s area' }, { name: 'robots', content: 'noindex' }];

export default function OwnerArea() {
  const { name, newMessages, timeZoneUnset } = useLoaderData<typeof loader>();
  return (
    <>
      <BrowserTimeZone unset={timeZoneUnset} />
      <OwnerBar name={name} newMessages={newMessages} />
      <main id="main" className="mx-auto max-w-6xl px-5 pt-8 pb-20 sm:px-6 sm:pt-10 lg:px-8">
        <Outlet />
      </main>
    </>
  );
}

/** Closed (no ADMIN_PASSWORD) or no database: a 503 page that says which; a refused form (403) says so too. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 503) {
    const problem = (error.data as { problem?: string } | null)?.problem;
    return <OwnerAreaProblemPage problem={problem === 'closed' || problem === 'no-database' ? problem : 'unavailable'} />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <StatusPage code={status} title={status === 403 ? 'That form came from somewhere else' : 'Something went wrong'}>
      <p>
        {status === 403
          ? 'Forms in the owner’s area only work from its own pages. Open the page again and retry.'
          : 'Reload the page to try again.'}
      </p>
    </StatusPage>
  );
}
