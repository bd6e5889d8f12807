import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { reviewScreenshot, type TrackedPage } from '../start/browser';
import { useBrowser, type BrowserSuite } from './browser-suite';
import { signedInPageOf, startEditorStack, startFixtureDesignerStack, type EditorStack, type SignedInOptions } from './editor-stack';
import { WORDS_DESIGNER } from '../data/words-designer';

export type EditorSuite = {
  /** The file's browser (useBrowser). */
  chromium: BrowserSuite;
  /** The running stack (started before the file's tests). */
  readonly stack: EditorStack;
  /** The built server's address. */
  readonly url: string;
  /** A signed-in page of the file's browser. */
  signedIn(options?: SignedInOptions): Promise<Page>;
  /** The same, with its console record (for a test that reads it or closes it early). */
  signedInTracked(options?: SignedInOptions): Promise<TrackedPage>;
  /** A full-page screenshot for review, written when the file's `screenshots` variable names a folder. */
  screenshot(page: Page, name: string): Promise<void>;
};

/** What a file's stack runs with: `env` for its server; `screenshots`, the variable that asks for review screenshots. */
export type EditorSuiteOptions = { env?: Record<string, string>; screenshots?: string };

/**
 * For a browser test file on the editor: the stack `start` makes, started
 * before the file's tests and stopped after them, and Chromium beside it.
 */
export function useEditorSuite(
  start: () => Promise<EditorStack>,
  { screenshots }: Pick<EditorSuiteOptions, 'screenshots'> = {},
): EditorSuite {
  const chromium = useBrowser();
  let stack: EditorStack | undefined;
  beforeAll(async () => {
    stack = await start();
  }, 120_000);
  afterAll(() => stack?.stop());
  const suite: EditorSuite = {
    chromium,
    get stack() {
      if (!stack) throw new Error('the editor starts in beforeAll: use it in a hook or a test');
      return stack;
    },
    get url() {
      return suite.stack.server.url;
    },
    signedIn: async (options = {}) => (await suite.signedInTracked(options)).page,
    signedInTracked: (options = {}) => signedInPageOf(chromium, suite.stack, options),
    screenshot: async (page, name) => {
      if (screenshots) await reviewScreenshot(page, screenshots, name);
    },
  };
  return suite;
}

/** useEditorSuite on startEditorStack: the content under test on the remote (with `fixtures`, the fixture case studies too). */
export function useEditor(options: Parameters<typeof startEditorStack>[0]): EditorSuite {
  return useEditorSuite(() => startEditorStack(options));
}

/**
 * useEditorSuite with the fixture designer (test/fixtures/words/designer)
 * playing the sample: the remote holds her content and the server compares
 * with her fingerprints (SAMPLE_FINGERPRINTS_FILE), so nothing depends on
 * content/.
 */
export function useWordsDesignerEditor(password: string, { env = {}, screenshots }: EditorSuiteOptions = {}): EditorSuite {
  return useEditorSuite(
    async () => {
      const scratch = mkdtempSync(path.join(tmpdir(), 'words-designer-'));
      const stack = await startFixtureDesignerStack(WORDS_DESIGNER, scratch, password, env);
      return {
        ...stack,
        async stop() {
          await stack.stop();
          rmSync(scratch, { recursive: true, force: true });
        },
      };
    },
    { screenshots },
  );
}
