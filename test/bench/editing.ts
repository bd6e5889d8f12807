import { measureContentCheck, type ContentCheckBench } from './content-check';
import { EDIT_PAGES, EDITOR_LIMITS, measureEditor, withSignedInOwner, type EditorFigures } from './editor';
import { measurePublish, type PublishBench } from './publish';
import { ms } from './stats';

/**
 * The editor at /admin/content (docs/decisions/editor-budgets.md), for `npm run bench`:
 * a publish to a real git remote holding this repository's whole history,
 * the build's check with a preview (local, and remote warm and cold), and
 * the edit page's JavaScript and time until it can be typed in.
 */

export type EditingBench = { publish: PublishBench; check: ContentCheckBench; editors: EditorFigures[] };

export const EDITING_BUDGET = { publishMs: 2000, previewMs: 3000, jsGzipKB: EDITOR_LIMITS.jsGzipKB, readyMs: EDITOR_LIMITS.readyMs };

export async function measureEditing(log: (line: string) => void): Promise<EditingBench> {
  log('  publish to a local git remote with the whole history');
  const publish = await measurePublish();
  log('  the content check and preview');
  const check = await measureContentCheck();
  log('  the edit page in Chromium');
  const editors = await withSignedInOwner(async (browser, origin, storageState) => {
    const figures: EditorFigures[] = [];
    for (const editPath of EDIT_PAGES) figures.push(await measureEditor(browser, origin, storageState, editPath));
    return figures;
  });
  return { publish, check, editors };
}

const code = (text: string) => `\`${text}\``;

export function editingSection({ publish, check, editors }: EditingBench): string[] {
  return [
    '## The editor (`/admin/content`)',
    '',
    `**Publish** (one commit pushed over smart HTTP with isomorphic-git to ${code('git http-backend')} on loopback, the remote holding this repository's ${publish.historyCommits} commits, ${(publish.packBytes / 1024 / 1024).toFixed(1)} MB packed): warm median ${ms(publish.medianWarmMs)} over ${publish.warmMs.length} (${publish.warmMs.map(ms).join(', ')}), ${publish.requestsPerWarmPublish} HTTP requests each; the first publish of an instance (shallow clone first) median ${ms(publish.medianColdMs)} (${publish.coldMs.map(ms).join(', ')}). Against GitHub each of those requests is a round trip of roughly 100–300 ms from a Netlify function, so a warm publish takes about 0.5–1.5 s and a cold one a few seconds: inside the 25 s the publish gives itself and Netlify's 60 s.`,
    '',
    `**Check and preview** (the build's own ${code('compileSite')} on the branch plus the edit, Office Depot rendered): local ${ms(check.medians.local)}, remote warm ${ms(check.medians.remoteWarm)}, remote first check of an instance ${ms(check.medians.remoteColdCache)}, a fresh process running the built function ${ms(check.medians.coldProcess)} (medians).`,
    '',
    '**The edit page** (cold cache, gzip, signed in; time from navigation to a visual editor that can be typed in, median of 7 loads):',
    '',
    '| page | JS (gz) | of which loaded lazily | ready to type | per load |',
    '|---|---|---|---|---|',
    ...editors.map(
      (e) =>
        `| ${code(e.path)} | ${e.jsGzipKB.toFixed(1)} KB | ${e.lazyGzipKB.toFixed(1)} KB | ${ms(e.medianReadyMs)} | ${e.readyMs.map(ms).join(', ')} |`,
    ),
    '',
  ];
}

export function editingBudgets({ publish, check, editors }: EditingBench) {
  const slowestPreview = Math.max(check.medians.remoteWarm, check.medians.local);
  return [
    {
      measure: 'Editor: publish (warm, median)',
      budget: '≤ 2 s',
      measured: ms(publish.medianWarmMs),
      held: publish.medianWarmMs <= EDITING_BUDGET.publishMs,
      why: [],
    },
    {
      measure: 'Editor: preview (check + render, median)',
      budget: '≤ 3 s',
      measured: `local ${ms(check.medians.local)}, remote warm ${ms(check.medians.remoteWarm)}`,
      held: slowestPreview <= EDITING_BUDGET.previewMs,
      why: [],
    },
    {
      measure: 'Editor: edit page JS',
      budget: `≤ ${EDITING_BUDGET.jsGzipKB} KB gz`,
      measured: editors.map((e) => `${code(e.path)} ${e.jsGzipKB.toFixed(1)} KB`).join(', '),
      held: editors.every((e) => e.jsGzipKB <= EDITING_BUDGET.jsGzipKB),
      why: editors.flatMap((e) => e.scripts.slice(0, 5).map((s) => `- ${code(e.path)}: ${code(s.url)} ${s.kb} KB`)),
    },
    {
      measure: 'Editor: ready to type (median)',
      budget: '≤ 2 s',
      measured: editors.map((e) => `${code(e.path)} ${ms(e.medianReadyMs)}`).join(', '),
      held: editors.every((e) => e.medianReadyMs <= EDITING_BUDGET.readyMs),
      why: [],
    },
  ];
}
