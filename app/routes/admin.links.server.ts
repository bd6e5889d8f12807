import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { linkToken } from '~/access/share-link-token.server';
import { DEFAULT_LINK_DAYS, EXTEND_DAYS, LINK_FILTERS, MAX_LINK_DAYS, type LinkFilter } from '~/access/share-link-rules';
import { countLinks, createLink, deleteLink, extendLink, listLinks, revokeLink } from '~/access/share-links.server';
import { readSmallForm, text } from '~/http/form.server';
import { publicOrigin } from '~/http/site-url.server';
import { getCaseStudyCards } from '~/content/content.server';
import type { LinksActionData, NewLinkErrors, NewLinkValues } from '~/components/admin/links/types';

/** /admin/links: the share links, a page at a time and by state, the form that makes one, and its actions. */

export const LINKS_PAGE_SIZE = 20;

const privateCaseStudies = () => getCaseStudyCards().filter((card) => card.private && card.href);

function newLinkSchema(known: string[]) {
  return z
    .object({
      label: z
        .string()
        .trim()
        .min(1, 'Give the link a label, e.g. “Acme · Jane Doe, recruiter”.')
        .max(200, 'Keep the label under 200 characters.')
        .refine((value) => !/[\r\n]/.test(value), 'Keep the label on one line.'),
      scope: z.enum(['all', 'some']),
      caseStudies: z.array(z.string()),
      days: z.coerce.number().int().min(1).max(MAX_LINK_DAYS, `A link lasts at most ${MAX_LINK_DAYS} days.`),
      notify: z.boolean(),
    })
    .superRefine((value, ctx) => {
      if (value.scope === 'some' && value.caseStudies.length === 0)
        ctx.addIssue({ code: 'custom', path: ['caseStudies'], message: 'Pick at least one case study, or choose all of them.' });
      const unknown = value.caseStudies.filter((slug) => !known.includes(slug));
      if (unknown.length)
        ctx.addIssue({ code: 'custom', path: ['caseStudies'], message: `Not a private case study: ${unknown.join(', ')}.` });
    });
}

export async function ownerLinksLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const url = new URL(request.url);
    // Her own domain once the site answers there, even while she works at the free address.
    const origin = publicOrigin(request);
    const wanted = url.searchParams.get('state');
    const state: LinkFilter = LINK_FILTERS.find((filter) => filter === wanted) ?? 'all';
    const counts = await countLinks();
    const pages = Math.max(1, Math.ceil(counts[state] / LINKS_PAGE_SIZE));
    const asked = Math.trunc(Number(url.searchParams.get('page')));
    const page = Math.min(pages, Number.isSafeInteger(asked) ? Math.max(1, asked) : 1);
    const titles = Object.fromEntries(getCaseStudyCards().map((card) => [card.slug, card.title]));
    const links = (await listLinks({ state, limit: LINKS_PAGE_SIZE, offset: (page - 1) * LINKS_PAGE_SIZE })).map((link) => {
      const token = linkToken(link.id);
      return {
        id: link.id,
        label: link.label,
        state: link.state,
        opens: link.opens,
        notifyOnOpen: link.notifyOnOpen,
        url: token ? `${origin}/s/${token}` : null,
        opensWhat:
          link.caseStudies.length === 0 ? 'All private case studies' : link.caseStudies.map((slug) => titles[slug] ?? slug).join(', '),
        createdAt: link.createdAt.toISOString(),
        expiresAt: link.expiresAt.toISOString(),
        revokedAt: link.revokedAt?.toISOString() ?? null,
        firstOpenedAt: link.firstOpenedAt?.toISOString() ?? null,
        lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
        views: link.views.map((view) => ({
          slug: view.slug,
          title: titles[view.slug] ?? view.slug,
          views: view.views,
          lastViewedAt: view.lastViewedAt.toISOString(),
        })),
      };
    });
    const choices = privateCaseStudies().map((card) => ({ slug: card.slug, title: card.title }));
    return data(
      { links, choices, state, counts, page, pages, now: new Date().toISOString(), highlight: url.searchParams.get('new') },
      { headers: OWNER_HEADERS },
    );
  });
}

const answer = (status: number, body: LinksActionData) => data<LinksActionData>(body, { status, headers: OWNER_HEADERS });

export async function ownerLinksAction({ request }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const form = await readSmallForm(request);
    if (typeof form === 'number') return answer(form, { done: 'That request could not be read.' });
    const intent = text(form, 'intent');
    const id = text(form, 'id');
    if (intent === 'create') {
      const values: NewLinkValues = {
        label: text(form, 'label'),
        scope: text(form, 'scope') === 'some' ? 'some' : 'all',
        caseStudies: form.getAll('caseStudies').filter((v): v is string => typeof v === 'string'),
        days: text(form, 'days') || String(DEFAULT_LINK_DAYS),
        notify: form.get('notify') === 'on',
      };
      const parsed = newLinkSchema(privateCaseStudies().map((card) => card.slug)).safeParse(values);
      if (!parsed.success) {
        const errors: NewLinkErrors = {};
        for (const issue of parsed.error.issues) errors[issue.path[0] as keyof NewLinkErrors] ??= issue.message;
        return answer(422, { errors, values });
      }
      const { label, scope, caseStudies, days, notify } = parsed.data;
      const link = await createLink({ label, caseStudies: scope === 'all' ? [] : caseStudies, days, notifyOnOpen: notify });
      return redirect(`/admin/links?new=${link.id}#link-${link.id}`, { status: 303, headers: OWNER_HEADERS });
    }
    const actions: Record<string, () => Promise<boolean>> = {
      revoke: () => revokeLink(id),
      extend: () => extendLink(id, EXTEND_DAYS),
      delete: () => deleteLink(id),
    };
    const act = Object.hasOwn(actions, intent) ? actions[intent] : undefined;
    if (!act || !id) return answer(400, { done: 'Unknown action.' });
    // Checked by its shape before any query: a NUL byte would be a database error.
    if (!/^[A-Za-z0-9_-]{22}$/.test(id)) return answer(404, { done: 'That link is gone or cannot change that way.' });
    if (!(await act())) return answer(404, { done: 'That link is gone or cannot change that way.' });
    // Back to the tab and page the owner acted on (only its own filter and page, never another path).
    const from = new URL(request.url).searchParams;
    const back = new URLSearchParams([...from].filter(([name]) => name === 'state' || name === 'page'));
    return redirect(`/admin/links${back.size ? `?${back}` : ''}`, { status: 303, headers: OWNER_HEADERS });
  });
}
