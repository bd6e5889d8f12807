import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { SAVE_RESULT_HTTP_STATUS } from '~/editing/save-result';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { getPublicCaseStudySlugs } from '~/content/content.server';
import { lookPage, publishLook, type LookPublishResult } from '~/editing/look/publish-look.server';
import { readSmallForm, text } from '~/http/form.server';
import { lookFormValues, readLookForm, type LookFormProblems, type LookFormValues } from '~/look/look-form';

/**
 * /admin/look: her look (accent, greys, typeface, corners, light or dark,
 * the layout of her work, her portrait on phones),
 * previewed on her own pages and published into content/site.yml
 * (app/editing/look/). Preview and Publish are one form's two buttons, so
 * both work without JavaScript; every answer keeps what she chose.
 */

export type LookActionData = {
  intent: 'preview' | 'publish';
  values: LookFormValues;
  problems: LookFormProblems;
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
          baseBlobId: null,
        },
        { status: form, headers: OWNER_HEADERS },
      );
    }
    const intent = text(form, 'intent') === 'publish' ? 'publish' : 'preview';
    const base = text(form, 'baseBlobId');
    const baseBlobId = BLOB_ID.test(base) ? base : null;
    const { values, look, problems } = readLookForm((name) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : null;
    });
    if (!look) return data<LookActionData>({ intent, values, problems, baseBlobId }, { status: 422, headers: OWNER_HEADERS });
    if (intent === 'preview') return data<LookActionData>({ intent, values, problems, baseBlobId }, { headers: OWNER_HEADERS });
    const result = await publishLook(look, baseBlobId);
    const next = result.status === 'published' || result.status === 'conflict' ? result.baseBlobId : baseBlobId;
    return data<LookActionData>(
      { intent, values, problems, result, baseBlobId: next },
      { status: STATUS[result.status], headers: OWNER_HEADERS },
    );
  });
}
