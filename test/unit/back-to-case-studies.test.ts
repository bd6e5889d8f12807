import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
// The data router @remix-run/react's hooks run on (a dependency of @remix-run/react): the root's data as the site's layout gives it.
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server.js';
import { describe, expect, it } from 'vitest';
import { BackToCaseStudies } from '~/components/case-study/BackToCaseStudies';
import type { HomeNav } from '~/content/home-sections';

async function render(nav?: HomeNav): Promise<string> {
  const handler = createStaticHandler([
    { id: 'root', path: '*', loader: () => ({ site: nav ? { nav } : undefined }), element: createElement(BackToCaseStudies) },
  ]);
  const context = await handler.query(new Request('http://site/case-study/x'));
  if (context instanceof Response) throw new Error('the router answered with a redirect');
  return renderToStaticMarkup(
    createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
  );
}

describe('the link back from a case study', () => {
  it('goes to her case studies on the home page while it shows them, as it always did', async () => {
    for (const html of [await render({ caseStudies: true, contact: '/#contact' }), await render()]) {
      expect(html).toContain('href="/#work"');
      expect(html).toContain('Back to Case Studies');
    }
  });

  it('goes to the home page itself where she hides them: never to a section that is not there', async () => {
    const html = await render({ caseStudies: false, contact: '/#contact' });
    expect(html).toContain('href="/"');
    expect(html).toContain('Back to Home');
    expect(html).not.toContain('#work');
  });
});
