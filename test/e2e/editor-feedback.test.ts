import type { Page, Route } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { gotoReady, waitForReady } from '../helpers/site/e2e';
import { waitForSaveResult } from '../helpers/site/live-site';
import { remoteHead } from '../helpers/start/git-remote';
import { useEditor } from '../helpers/suite/editor-suite';
import { waitFor } from '../helpers/wait';

/**
 * Feedback while the editor works, in Chromium against the built server and
 * a real git remote: the post is held open by a Playwright route (so the wait
 * lasts as long as the test needs, on any machine) and what the page shows
 * meanwhile is read. Publish says "Publishing…" at once and cannot be clicked
 * again, the bar says what the wait is for after a second, and once live the
 * button says "Live"; a delete says "Deleting…" the same way.
 */

const editor = useEditor({ password: 'feedback test password' });
const OFFICE_DEPOT = '/admin/content/case-studies/office-depot.mdx';

afterEach(() => editor.chromium.closePages());

/** Holds every POST to `path` until `release()`; counts them. */
async function holdPosts(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = { count: 0, release };
  await page.route(
    // A Remix form's post goes to the route's data address (`/admin/content.data`).
    (url) => url.pathname === path || url.pathname === `${path}.data`,
    async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue();
      held.count += 1;
      await released;
      await route.continue();
    },
  );
  return held;
}

type Seen = { what: string; at: number; text: string; disabled: boolean };

/**
 * Records, in the page, what the button and the bar show from the click on,
 * with the milliseconds since the click (read in the page: no test-to-browser
 * round trip counted). Kept in sessionStorage: while the form's post is on its
 * way the page cannot be read from the test, and the record outlives it.
 */
async function recordFeedback(page: Page) {
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>('form[data-editor-form]')!;
    const button = document.querySelector<HTMLButtonElement>('button[data-publish]')!;
    let clicked = 0;
    let tried = false;
    const record = (what: string, text = button.textContent ?? '') => {
      const seen = JSON.parse(sessionStorage.getItem('feedback') ?? '[]') as unknown[];
      seen.push({ what, at: performance.now() - clicked, text, disabled: button.disabled });
      sessionStorage.setItem('feedback', JSON.stringify(seen));
    };
    button.addEventListener(
      'click',
      () => {
        if (clicked) return;
        clicked = performance.now();
        record('click');
        // Two tasks after the click's (the page draws its answer in the task after the submit, so that the
        // browser reads the form before the button is disabled): what the page changed is in the DOM by then.
        setTimeout(() => setTimeout(() => record('after the click')));
      },
      { capture: true },
    );
    new MutationObserver(() => {
      record('button');
      if (button.disabled && !tried) {
        tried = true;
        // A second click, then a second submit of the form (a double click, Enter in a field): neither may post again.
        button.click();
        form.requestSubmit();
      }
    }).observe(button, { subtree: true, childList: true, characterData: true, attributes: true });
    new MutationObserver(() => {
      const progress = document.querySelector('[data-progress]');
      if (progress) record('progress', progress.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => JSON.parse(sessionStorage.getItem('feedback') ?? '[]') as Seen[]);
}

describe('publishing', () => {
  it('"Publishing…" at once with the button disabled, nothing posted twice, progress after a second, then "Live"', async () => {
    const page = await editor.signedIn();
    await gotoReady(page, editor.url + OFFICE_DEPOT);
    const head = remoteHead(editor.stack.remote);
    await page.locator('input[name="timeline"]').fill('5 months');
    const held = await holdPosts(page, OFFICE_DEPOT);
    const seen = await recordFeedback(page);

    await page.getByRole('button', { name: 'Publish', exact: true }).click({ noWaitAfter: true });
    await waitFor(() => held.count > 0 || undefined, { timeoutMs: 15_000, what: 'the publish post' });
    // Held long enough for the second-long progress to show, on a busy machine too.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(remoteHead(editor.stack.remote)).toBe(head);
    held.release();
    expect((await waitForSaveResult(page)).status).toBe('published');
    expect(held.count).toBe(1);

    const record = await seen();
    const publishing = record.find((s) => s.what === 'button' && s.text === 'Publishing…');
    expect(publishing, JSON.stringify(record)).toBeDefined();
    // "Publishing…" within 200 ms, said in a way a busy machine cannot spoil: the page changes the button in the
    // task right after the click's, before any other work of its own, so the next frame (16 ms at 60 Hz) paints it.
    expect(
      record.find((s) => s.what === 'after the click'),
      JSON.stringify(record),
    ).toMatchObject({ text: 'Publishing…', disabled: true });
    expect(record.find((s) => s.what === 'button' && s.disabled)?.text).toBe('Publishing…');
    expect(
      record.some((s) => s.what === 'progress' && /^Checking, then publishing…\s*\d+ s$/.test(s.text)),
      JSON.stringify(record),
    ).toBe(true);

    await waitForReady(page);
    const publish = page.locator('button[data-publish]');
    expect(await publish.innerText()).toBe('Live');
    expect(await publish.isDisabled()).toBe(false);
    // A new change: Publish again.
    await page.locator('input[name="timeline"]').fill('6 months');
    await page.locator('button[data-publish]', { hasText: /^Publish$/ }).waitFor();
  });

  it('without JavaScript the plain post shows the result page', async () => {
    const page = await editor.signedIn({ javaScriptEnabled: false });
    await page.goto(editor.url + OFFICE_DEPOT);
    await page.locator('input[name="timeline"]').fill('8 months');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await waitForSaveResult(page)).status).toBe('published');
    expect(await page.locator('button[data-publish]').innerText()).toBe('Live');
  });
});

describe('deleting', () => {
  it('asks on the click, with no request, even without JavaScript; Keep it leaves the list as it was', async () => {
    const page = await editor.signedIn({ javaScriptEnabled: false });
    await page.goto(`${editor.url}/admin/content`);
    const requests: string[] = [];
    // A page or a fetch, not the favicon the browser asks for late.
    page.on('request', (request) => ['document', 'fetch', 'xhr'].includes(request.resourceType()) && requests.push(request.url()));
    await page.getByRole('button', { name: /^Delete Analytics/ }).click();
    const question = page.getByRole('alertdialog');
    await question.waitFor();
    expect(await question.getByRole('heading').innerText()).toMatch(/^Delete “Analytics/);
    expect(requests, 'asked by the browser alone').toEqual([]);
    await question.getByRole('button', { name: 'Keep it' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(requests).toEqual([]);
    expect(await page.locator('[data-content-item="case-studies/analytics-dashboard.mdx"]').count()).toBe(1);
  });

  it('"Deleting…" at once with the button disabled, progress after a second, then the list without it', async () => {
    const page = await editor.signedIn();
    await gotoReady(page, `${editor.url}/admin/content`);
    await page.getByRole('button', { name: /^Delete Analytics/ }).click();
    const confirm = page.getByRole('button', { name: 'Delete case study' });
    await confirm.waitFor();
    const held = await holdPosts(page, '/admin/content');
    await confirm.click({ noWaitAfter: true });
    const button = page.getByRole('alertdialog').locator('button[type="submit"]');
    await page.getByRole('alertdialog').locator('button', { hasText: 'Deleting…' }).waitFor();
    expect(await button.isDisabled()).toBe(true);
    await page.locator('[data-progress]').waitFor();
    expect(await page.locator('[data-progress]').innerText()).toMatch(/^Deleting, then updating your site…\s+\d+ s$/);
    expect(held.count).toBe(1);
    held.release();
    await page.waitForURL(/deleted/, { timeout: 60_000 });
    // The list settles with the page's revalidation, which can land just after the address changes.
    await page.locator('[data-content-item="case-studies/analytics-dashboard.mdx"]').waitFor({ state: 'detached', timeout: 15_000 });
  });
});

describe('moving', () => {
  it('a move is on the list at once, says it is working until the new list is drawn, then that it is done', async () => {
    const page = await editor.signedIn();
    await gotoReady(page, `${editor.url}/admin/content`);
    const rows = page.locator('section[aria-labelledby="case-studies-title"] li[data-content-item]');
    const order = () => rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-content-item')));
    const before = await order();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const moved = [before[1], before[0], ...before.slice(2)];
    const title = await rows.nth(1).getByRole('link').first().innerText();
    const held = await holdPosts(page, '/admin/content');
    await page.getByRole('button', { name: `Move ${title} up` }).click({ noWaitAfter: true });
    // Before the server has even had the post.
    await expect.poll(order).toEqual(moved);
    expect(held.count).toBe(1);
    await page.locator('[data-progress]').waitFor();
    expect(await page.locator('[data-progress]').innerText()).toMatch(/^Moving it, then updating your site…/);
    // From here to the end, every state of the page: the new order, and either the note or "Moved".
    await page.evaluate(() => {
      const states: string[] = [];
      const take = () => {
        const rowsNow = [...document.querySelectorAll('section[aria-labelledby="case-studies-title"] li[data-content-item]')];
        const said = document.querySelector('[data-progress]')
          ? 'working'
          : document.querySelector('[data-list-reordered]')
            ? 'done'
            : 'silent';
        states.push(`${rowsNow.map((row) => row.getAttribute('data-content-item')).join(',')}|${said}`);
      };
      new MutationObserver(take).observe(document.body, { childList: true, subtree: true, characterData: true });
      (window as unknown as { states: string[] }).states = states;
    });
    held.release();
    await page.waitForURL(/reordered/, { timeout: 60_000 });
    await page.locator('[data-list-reordered]').waitFor();
    expect(await page.locator('[data-list-reordered]').innerText()).toBe('Moved. Your home page shows the case studies in this order.');
    expect(await order()).toEqual(moved);
    const states = await page.evaluate(() => (window as unknown as { states: string[] }).states);
    expect(states.filter((state) => !state.startsWith(`${moved.join(',')}|`) || state.endsWith('|silent'))).toEqual([]);
  });
});
