import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { SAVE_RESULT_HTTP_STATUS } from '~/editing/save-result';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { getPublicCaseStudySlugs } from '~/content/content.server';
import { lookPage, publishLook, type LookPublishResult } from '~/editing/look/publish-look.server';
import { readSmallForm, text } from '~/http/form.server';
import { lookFormValues, readLookForm, type LookFormProblems, type LookFormValues } from '~/look/look-form';
import { readHomeForm, type HomeChange } from '~/look/home-form';
import type { HomeOrder } from '~/content/home-sections';
import { getSite } from '~/content/content.server';

/**
 * /admin/look: her look (accent, greys, typeface, corners, light or dark,
 * the layout of her work, her portrait on phones),
 * previewed on her own pages and published into content/site.yml
 * (app/editing/look/). Preview and Publish are one form's two buttons, so
 * both work without JavaScript; every answer keeps what she chose. Its
 * "Home page sections" panel rides in the same form: each of its buttons
 * previews one change (a move, a section shown or hidden), and Publish
 * publishes the sections with the look.
 */

export type LookActionData = {
  intent: 'preview' | 'publish';
  values: LookFormValues;
  problems: LookFormProblems;
  /** Her home page's sections as the panel has them now, and the change its last button made. */
  home: HomeOrder;
  homeChange: HomeChange | null;
  result?: LookPublishResult;
  /** The version of site.yml the next publish goes on top of. */
  baseBlobId: string | null;
};

export async function ownerLookLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const page = await lookPage();
    return data(
      {
        values: lookFormValues(page.look),
        home: page.home,
        baseBlobId: page.baseBlobId,
        mode: page.mode,
        unreachable: page.unreachable,
        caseStudy: getPublicCaseStudySlugs().length > 0,
      },
      { headers: OWNER_HEADERS },
    );
  });
}

const STATUS: Record<LookPublishResult['status'], number> = SAVE_RESULT_HTTP_STATUS;

const BLOB_ID = /^[0-9a-f]{40}$/;

export async function ownerLookAction({ request }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const form = await readSmallForm(request, 8 * 1024);
    if (typeof form === 'number') {
      const values = { accent: '', neutral: '', shape: '', scheme: '', typeface: '', workLayout: '', portraitOnPhones: '' };
      return data<LookActionData>(
        {
          intent: 'preview',
          values,
          problems: { accent: 'Your choices could not be read. Reload the page and try again.' },
          home: getSite().home,
          homeChange: null,
          baseBlobId: null,
        },
        { status: form, headers: OWNER_HEADERS },
      );
    }
    const intent = text(form, 'intent') === 'publish' ? 'publish' : 'preview';
    const base = text(form, 'baseBlobId');
    const baseBlobId = BLOB_ID.test(base) ? base : null;
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : null;
    };
    const { values, look, problems } = readLookForm(field);
    const { home, change: homeChange } = readHomeForm(field, getSite().home);
    const kept: LookActionData = { intent, values, problems, home, homeChange, baseBlobId };
    if (!look) return data<LookActionData>(kept, { status: 422, headers: OWNER_HEADERS });
    if (intent === 'preview') return data<LookActionData>(kept, { headers: OWNER_HEADERS });
    const result = await publishLook(look, baseBlobId, home);
    const next = result.status === 'published' || result.status === 'conflict' ? result.baseBlobId : baseBlobId;
    return data<LookActionData>({ ...kept, result, baseBlobId: next }, { status: STATUS[result.status], headers: OWNER_HEADERS });
  });
}
