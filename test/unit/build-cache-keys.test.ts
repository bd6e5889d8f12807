import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync, renameSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appBuildKey } from '../../scripts/app-build';
import { hashInputs, restoreStep, saveStep } from '../../scripts/build-cache';

/**
 * The keys that decide whether the build reuses the app from .cache/build:
 * every input it reads changes the key, and only those. A key that missed a
 * change would ship a stale app, so each input is changed in turn.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'build-cache-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let projects = 0;
/** A small app shaped like this one: Tailwind scanning app/ and ../content, as app/tailwind.css does. */
function project(): string {
  const root = path.join(scratch, `project-${(projects += 1)}`);
  mkdirSync(path.join(root, 'app/routes'), { recursive: true });
  mkdirSync(path.join(root, 'content'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  writeFileSync(path.join(root, 'app/tailwind.css'), '@import "tailwindcss" source(".");\n@source "../content";\n');
  writeFileSync(path.join(root, 'app/routes/_index.tsx'), 'export default function Index() { return <p className="flex">Hi</p>; }\n');
  writeFileSync(path.join(root, 'content/story.mdx'), '---\ntitle: A story\n---\n\nThe team shipped a calmer checkout in spring.\n');
  writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
  writeFileSync(path.join(root, 'remix.config.js'), 'export default {};\n');
  return root;
}

const edit = (root: string, file: string, change: (text: string) => string) => {
  const full = path.join(root, file);
  writeFileSync(full, change(readFileSync(full, 'utf8')));
};

describe('the app build key', () => {
  it('is the same for the same files, wherever they are', async () => {
    expect(await appBuildKey(project(), {})).toBe(await appBuildKey(project(), {}));
  });

  it('stays when a word of content changes that is no class name: the app is reused after a content edit', async () => {
    const root = project();
    const before = await appBuildKey(root, {});
    edit(root, 'content/story.mdx', (text) => text.replace('spring', 'autumn'));
    expect(await appBuildKey(root, {})).toBe(before);
  });

  it('changes when content gains a word Tailwind makes a class of (the stylesheet scans content/)', async () => {
    const root = project();
    const before = await appBuildKey(root, {});
    edit(root, 'content/story.mdx', (text) => text.replace('calmer', 'underline'));
    expect(await appBuildKey(root, {})).not.toBe(before);
  });

  it('changes when content gains an arbitrary class in a new file', async () => {
    const root = project();
    const before = await appBuildKey(root, {});
    writeFileSync(path.join(root, 'content/note.mdx'), '<div className="tracking-[0.3333em]">Note</div>\n');
    expect(await appBuildKey(root, {})).not.toBe(before);
  });

  const changes: [string, (root: string) => void][] = [
    ['a route changes', (root) => edit(root, 'app/routes/_index.tsx', (text) => text.replace('Hi', 'Hello'))],
    ['a route is added', (root) => writeFileSync(path.join(root, 'app/routes/about.tsx'), 'export default () => null;\n')],
    ['a route is renamed', (root) => renameSync(path.join(root, 'app/routes/_index.tsx'), path.join(root, 'app/routes/home.tsx'))],
    ['a route is removed', (root) => unlinkSync(path.join(root, 'app/routes/_index.tsx'))],
    ['the stylesheet changes', (root) => edit(root, 'app/tailwind.css', (text) => `${text}.x { color: red; }\n`)],
    ['the lockfile changes', (root) => edit(root, 'package-lock.json', () => '{"lockfileVersion":3,"packages":{}}\n')],
    ['remix.config.js changes', (root) => edit(root, 'remix.config.js', () => 'export default { future: {} };\n')],
    ['postcss.config.js appears', (root) => writeFileSync(path.join(root, 'postcss.config.js'), 'export default { plugins: {} };\n')],
    ['server.ts appears', (root) => writeFileSync(path.join(root, 'server.ts'), 'export default 1;\n')],
  ];
  for (const [what, change] of changes) {
    it(`changes when ${what}`, async () => {
      const root = project();
      const before = await appBuildKey(root, {});
      change(root);
      expect(await appBuildKey(root, {})).not.toBe(before);
    });
  }

  it('changes with the environment that changes what Remix and the editor write', async () => {
    const root = project();
    const plain = await appBuildKey(root, {});
    expect(await appBuildKey(root, { DEV_BUILD_DIR: '.cache/dev' })).not.toBe(plain);
    expect(await appBuildKey(root, { EDITOR_BUNDLE_MANIFEST: '.cache/editor.json' })).not.toBe(plain);
    // Anything else in the environment is not read by those steps.
    expect(await appBuildKey(root, { SOME_SECRET: 'x' })).toBe(plain);
  });
});

describe('hashing inputs', () => {
  it('tells a file moved between entries and a missing entry apart', async () => {
    const root = path.join(scratch, 'hash');
    mkdirSync(path.join(root, 'a'), { recursive: true });
    writeFileSync(path.join(root, 'a/x.txt'), 'x');
    const withFile = await hashInputs(root, ['a', 'b']);
    mkdirSync(path.join(root, 'b'));
    renameSync(path.join(root, 'a/x.txt'), path.join(root, 'b/x.txt'));
    expect(await hashInputs(root, ['a', 'b'])).not.toBe(withFile);
    expect(await hashInputs(root, ['a', 'b'])).toBe(await hashInputs(root, ['b', 'a']));
  });
});

describe('saving and restoring a step', () => {
  it('restores the outputs byte for byte, emptying the directories as the step does, and misses an unknown key', async () => {
    const root = path.join(scratch, 'step');
    mkdirSync(path.join(root, 'public/build/nested'), { recursive: true });
    mkdirSync(path.join(root, 'build'), { recursive: true });
    writeFileSync(path.join(root, 'public/build/a.js'), 'alert(1)');
    writeFileSync(path.join(root, 'public/build/nested/b.css'), 'p{}');
    writeFileSync(path.join(root, 'build/index.js'), 'export {}');
    await saveStep('app', 'key-1', { dirs: ['public/build'], files: ['build/index.js', 'build/absent.txt'] }, { root });

    writeFileSync(path.join(root, 'public/build/a.js'), 'changed');
    writeFileSync(path.join(root, 'public/build/stale.js'), 'left by another build');
    rmSync(path.join(root, 'build/index.js'));
    writeFileSync(path.join(root, 'build/other.txt'), 'not a step output');

    expect(await restoreStep('app', 'key-2', root)).toBe(false);
    expect(readFileSync(path.join(root, 'public/build/a.js'), 'utf8')).toBe('changed');
    expect(await restoreStep('app', 'key-1', root)).toBe(true);
    expect(readFileSync(path.join(root, 'public/build/a.js'), 'utf8')).toBe('alert(1)');
    expect(readFileSync(path.join(root, 'public/build/nested/b.css'), 'utf8')).toBe('p{}');
    expect(existsSync(path.join(root, 'public/build/stale.js'))).toBe(false);
    expect(readFileSync(path.join(root, 'build/index.js'), 'utf8')).toBe('export {}');
    expect(existsSync(path.join(root, 'build/other.txt'))).toBe(true);
    expect(existsSync(path.join(root, 'build/absent.txt'))).toBe(false);
  });

  it('never reads back an entry a killed build left half written', async () => {
    const root = path.join(scratch, 'partial');
    mkdirSync(path.join(root, '.cache/build/app/key-1.123.partial/files'), { recursive: true });
    mkdirSync(path.join(root, '.cache/build/app/key-1/files'), { recursive: true });
    expect(await restoreStep('app', 'key-1', root)).toBe(false);
  });

  it('keeps only the newest entries of a step', async () => {
    const root = path.join(scratch, 'prune');
    mkdirSync(path.join(root, 'out'), { recursive: true });
    for (let i = 1; i <= 4; i++) {
      writeFileSync(path.join(root, 'out/f.txt'), String(i));
      await saveStep('app', `key-${i}`, { dirs: [], files: ['out/f.txt'] }, { root, keep: 2 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await restoreStep('app', 'key-1', root)).toBe(false);
    expect(await restoreStep('app', 'key-4', root)).toBe(true);
    expect(readFileSync(path.join(root, 'out/f.txt'), 'utf8')).toBe('4');
  });
});
