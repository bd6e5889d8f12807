import type { ServerBuild } from '@remix-run/node';
import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * A method a route does not take (a POST to /resume, a PUT to /) is a 405
 * from Remix, with its error page ("Unexpected Application Error!", as the
 * spec has it), but Remix logs eleven lines and a stack trace for each one:
 * a cheap way to flood the log. So the request guard knows it first, from
 * the same facts Remix uses: the routes of the build, the route a request
 * with a body would go to (Remix's own choice, below), and whether that
 * route's module exports an `action`. Nothing is listed by hand: a route
 * that gains an action takes POSTs at once. Remix still answers with its
 * page; its report of the error is not logged (entry.server.tsx, handleError).
 */

type Routes = ServerBuild['routes'];

/** Methods every route answers: pages, and OPTIONS (the guard answers it). */
const WITHOUT_ACTION = new Set(['GET', 'HEAD', 'OPTIONS']);

type Branch = RouteObject & { id: string; hasAction: boolean; children?: Branch[] };

function routeTree(routes: Routes): Branch[] {
  const branches = new Map<string, Branch>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const branch = {
      id: route.id,
      path: route.path,
      caseSensitive: route.caseSensitive,
      hasAction: Boolean(route.module.action),
      ...(route.index ? { index: true as const } : { children: [] as Branch[] }),
    } as Branch;
    branches.set(route.id, branch);
  }
  const roots: Branch[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const branch = branches.get(route.id)!;
    const parent = route.parentId ? branches.get(route.parentId) : undefined;
    if (parent?.children) parent.children.push(branch);
    else roots.push(branch);
  }
  return roots;
}

/**
 * The path a single-fetch data request stands for: `/resume.data` is
 * `/resume`, `/_root.data` is `/`.
 */
function documentPath(pathname: string): string {
  if (!pathname.endsWith('.data')) return pathname;
  const path = pathname.slice(0, -'.data'.length);
  return path === '/_root' ? '/' : path;
}

/**
 * The route a request with a body goes to, as Remix chooses it: the deepest
 * match, unless that is an index route and the query has no bare `index`,
 * in which case its parent, the deepest route with a path of its own.
 */
function targetRoute(matches: { route: Branch }[], search: URLSearchParams): Branch | undefined {
  const last = matches.at(-1)?.route;
  if (last?.index && search.getAll('index').some((value) => value === '')) return last;
  const withPath = matches.filter((match, index) => index === 0 || (match.route.path && match.route.path.length > 0));
  return withPath.at(-1)?.route;
}

/** The methods a route that takes no form answers (its 405's `Allow`). */
export const PAGE_METHODS = 'GET, HEAD';

/** Whether a request's method is one its route does not take (a POST to a route with no `action`). */
export function refusedMethod(routes: Routes): (request: Request) => boolean {
  const tree = routeTree(routes);
  return (request) => {
    const method = request.method.toUpperCase();
    if (WITHOUT_ACTION.has(method)) return false;
    const url = new URL(request.url);
    const matches = matchRoutes(tree, documentPath(url.pathname)) as { route: Branch }[] | null;
    // Nothing matches: Remix answers its own 404, which it does not log.
    if (!matches) return false;
    return !targetRoute(matches, url.searchParams)?.hasAction;
  };
}

/** Remix's own report of a method its route does not take (its 405 page is still rendered): the error, or its 405 response holding it. */
export function isMethodNotAllowedReport(error: unknown): boolean {
  const inner = error && typeof error === 'object' && 'error' in error ? (error as { error: unknown }).error : error;
  return inner instanceof Error && /did not provide an `action` for route/.test(inner.message);
}
