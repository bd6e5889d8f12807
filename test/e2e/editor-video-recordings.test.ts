import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { caretAfter, openEditor } from '../helpers/site/body-editor';
import { makeRecording, type Recording } from '../helpers/site/recording';
import { useEditor } from '../helpers/suite/editor-suite';

/**
 * Screen recordings as she has them, added in a Video card of the visual
 * editor in Chromium: a QuickTime movie or a video over 4 MB is made smaller
 * in her browser by WebCodecs before a byte is sent, with her words all the
 * way. Each recording is made in Chromium (test/helpers/site/recording.ts).
 */

const editor = useEditor({ password: 'video recordings test password' });
const OFFICE_DEPOT = '/admin/content/case-studies/office-depot.mdx';
const FOUR_MB = 4 * 1024 * 1024;

afterEach(() => editor.chromium.closePages());

type Card = { page: Page; video: Locator; uploads: string[]; said: () => Promise<string[]> };

/** A new Video card in the story, with every sentence it says recorded from the pick on (progress can be over before a poll would see it). */
async function newVideoCard(recording: Recording): Promise<Card & { file: Buffer }> {
  const page = await editor.signedIn();
  const file = await makeRecording(page, editor.url, recording);
  expect(file.toString('latin1', 4, 12)).toBe('ftypqt  ');
  await openEditor(page, editor.url + OFFICE_DEPOT);
  await page.locator('[data-block="Video"]').evaluateAll((cards) => cards.forEach((card) => card.setAttribute('data-existing', '')));
  const video = page.locator('[data-block="Video"]:not([data-existing])');
  await caretAfter(page, 'These three insights shaped everything that followed.', 'followed.');
  await page.locator('#mdx-add-block').selectOption('Video');
  await video.waitFor();
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/admin/content/api/upload')) uploads.push(request.url());
  });
  await video.evaluate((card) => {
    const said: string[] = [];
    new MutationObserver(() => {
      const text = card.querySelector('[role="status"],[role="alert"]')?.textContent ?? '';
      if (text && said.at(-1) !== text) said.push(text);
    }).observe(card, { childList: true, subtree: true, characterData: true });
    (window as unknown as { said: string[] }).said = said;
  });
  const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said);
  return { page, video, uploads, said, file };
}

/** The stored video, as the editor serves it: an MP4 within the limit, and what Chromium plays of it. */
async function storedVideo({ page, video }: Card) {
  const src = await video.locator('select[name="src"]').inputValue();
  const stored = `/admin/content/api/media/content/case-studies/${src.slice(2)}`;
  const bytes = Buffer.from(await (await page.request.get(editor.url + stored)).body());
  expect(bytes.length).toBeLessThanOrEqual(FOUR_MB);
  expect(bytes.toString('latin1', 4, 8)).toBe('ftyp');
  expect(bytes.toString('latin1', 8, 12)).not.toBe('qt  ');
  // The index comes before the pictures, so that a visitor's player starts before the whole file is in.
  expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
  const played = await page.evaluate(async (url) => {
    const element = document.createElement('video');
    element.muted = true;
    element.src = url;
    await new Promise((resolve, reject) => {
      element.onloadedmetadata = resolve;
      element.onerror = () => reject(new Error(`not played: ${element.error?.message}`));
    });
    return { width: element.videoWidth, height: element.videoHeight, seconds: Math.round(element.duration) };
  }, stored);
  return { src, played };
}

describe('a screen recording added in a Video card', () => {
  it('a 1080p recording from a Mac (QuickTime, over 4 MB) is made a 720p MP4 in her browser, said in her words, then uploaded', async () => {
    const card = await newVideoCard({ width: 1920, height: 1080, seconds: 4, bitrate: 9_000_000 });
    expect(card.file.length).toBeGreaterThan(FOUR_MB);
    expect(await card.video.getByText(/^MP4 or MOV, up to 4 MB; a larger one is made smaller here first\.$/).count()).toBe(1);
    await card.video
      .locator('input[type="file"][data-video-file="mp4"]')
      .setInputFiles({ name: 'Screen Recording 2026-11-28 at 18.02.mov', mimeType: 'video/quicktime', buffer: card.file });
    await expect
      .poll(() => card.video.getByRole('status').innerText(), { timeout: 180_000 })
      .toMatch(/^Made 720p, \d\.\d MB, from your 1080p recording \(\d\.\d MB\)\. Uploaded\. It goes live with your next publish\.$/);
    const said = await card.said();
    expect(said[0]).toBe('Reading your video…');
    expect(said.some((text) => /^Making your video smaller… \d+ %$/.test(text))).toBe(true);
    expect(said.some((text) => /^Uploading… \d+ %$/.test(text))).toBe(true);
    const { src, played } = await storedVideo(card);
    expect(src).toMatch(/^\.\/office-depot\/screen-recording-2026-11-28-at-18-02-[0-9a-f]{8}\.mp4$/);
    expect(played).toEqual({ width: 1280, height: 720, seconds: 4 });
  }, 300_000);

  it('a whole minute of a 1080p screen recording fits: the bitrate is the one its length allows, and the time left is said', async () => {
    // A screen recorder writes few frames while little moves: 5 a second keeps the test short, the minute is whole.
    const card = await newVideoCard({ width: 1920, height: 1080, seconds: 60, bitrate: 8_000_000, picture: 'screen', frameRate: 5 });
    expect(card.file.length).toBeGreaterThan(FOUR_MB);
    await card.video
      .locator('input[type="file"][data-video-file="mp4"]')
      .setInputFiles({ name: 'Checkout walkthrough.mov', mimeType: 'video/quicktime', buffer: card.file });
    await expect
      .poll(() => card.video.getByRole('status').innerText(), { timeout: 240_000 })
      .toMatch(/^Made 720p, \d\.\d MB, from your 1080p recording \(\d+\.\d MB\)\. Uploaded\. It goes live with your next publish\.$/);
    const said = await card.said();
    expect(said.some((text) => /^Making your video smaller… \d+ %, about \d+ (s|min) left$/.test(text))).toBe(true);
    expect(card.uploads).toHaveLength(1);
    const { played } = await storedVideo(card);
    expect(played).toEqual({ width: 1280, height: 720, seconds: 60 });
  }, 360_000);

  it('a minute too busy to fit is refused early, with the length that would, and nothing is sent', async () => {
    // Moving noise: the encoder needs many times the bits the minute allows, whatever it is asked for. 720p: the size is not what is refused.
    const card = await newVideoCard({ width: 1280, height: 720, seconds: 60, bitrate: 3_000_000, frameRate: 10 });
    await card.video
      .locator('input[type="file"][data-video-file="mp4"]')
      .setInputFiles({ name: 'Prototype noise.mov', mimeType: 'video/quicktime', buffer: card.file });
    await expect
      .poll(() => card.video.getByRole('alert').innerText(), { timeout: 240_000 })
      .toMatch(
        /^This video changes so much from frame to frame that 60 seconds of it cannot fit 4 MB, even made smaller\. Trim it to about \d+ seconds, or put it on YouTube or Vimeo and add it with a Prototype link block\.$/,
      );
    const said = await card.said();
    // Stopped once its size showed, not made to the end and then weighed.
    const reached = Math.max(...said.map((text) => Number(/smaller… (\d+) %/.exec(text)?.[1] ?? 0)));
    expect(reached).toBeLessThan(50);
    expect(card.uploads).toEqual([]);
  }, 360_000);
});
