import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layers are lint errors (eslint.config.js). Each rule is shown a file
 * that breaks it, at the path where it would break it, and the same import
 * where it is allowed: lint fails on the first and passes the second, so the
 * rule can neither be lost nor grow past its layer unnoticed.
 */

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

/** The import-rule messages ESLint gives a file at `filePath` that imports `name` from `from`. */
async function importMessages(filePath: string, from: string, name = 'used', typeOnly = false): Promise<string[]> {
  const code = typeOnly
    ? `import type { ${name} } from '${from}';\nexport type Used = ${name};\n`
    : `import { ${name} } from '${from}';\nexport const used = ${name};\n`;
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`ESLint gave no result for ${filePath}`);
  return result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

type Case = { file: string; from: string; typeOnly?: boolean };

const RULES: { rule: string; message: RegExp; broken: Case[]; allowed: Case[] }[] = [
  {
    rule: 'app/ may not import build-time code (pipeline/) or scripts/',
    message: /may not import build-time code/,
    broken: [
      { file: 'app/content/layer-case.server.ts', from: '../../pipeline/content/compile' },
      { file: 'app/http/layer-case.ts', from: '../../scripts/gen' },
      { file: 'server.ts', from: './pipeline/content/compile' },
    ],
    allowed: [
      { file: 'pipeline/layer-case.ts', from: './content/compile' },
      // The content-check function compiles a publish with the build's own code.
      { file: 'netlify/functions/layer-case.ts', from: '../../pipeline/content/compile' },
    ],
  },
  {
    rule: 'code that reaches the browser may not import *.server modules, but may import their types',
    message: /only routes and other \*\.server modules import \*\.server code/,
    broken: [
      { file: 'app/components/LayerCase.tsx', from: '~/contact/inbox.server' },
      { file: 'app/content/layer-case.ts', from: '~/access/constant-time.server' },
    ],
    allowed: [
      { file: 'app/components/LayerCase.tsx', from: '~/contact/inbox.server', typeOnly: true },
      { file: 'app/routes/layer-case.tsx', from: '~/contact/inbox.server' },
      { file: 'app/root.tsx', from: '~/contact/inbox.server' },
      { file: 'app/contact/layer-case.server.ts', from: './inbox.server' },
    ],
  },
  {
    rule: "in app/, another folder is reached through '~/'",
    message: /reached through '~\/'/,
    broken: [{ file: 'app/content/layer-case.server.ts', from: '../access/constant-time.server' }],
    allowed: [
      { file: 'app/content/layer-case.server.ts', from: '~/access/constant-time.server' },
      { file: 'app/content/layer-case.server.ts', from: './content.server' },
    ],
  },
  {
    rule: "app/editing/'s folders import only their own and those below them (EDITING_STACK), types included",
    message: /imports only its own folder and those below it/,
    broken: [
      // The git code neither looks up the publish config nor knows what follows a commit.
      { file: 'app/editing/git/layer-case.server.ts', from: '~/editing/connection/publishing.server' },
      { file: 'app/editing/git/layer-case.server.ts', from: '~/editing/going-live/live-now.server', typeOnly: true },
      { file: 'app/editing/documents/layer-case.ts', from: '~/editing/git/commit-mark' },
      // A top-level use case is above every folder.
      { file: 'app/editing/setup/layer-case.server.ts', from: '~/editing/publish-change.server' },
      { file: 'app/editing/documents/layer-case.ts', from: '~/editing/save-result', typeOnly: true },
    ],
    allowed: [
      { file: 'app/editing/git/layer-case.server.ts', from: '~/editing/documents/content-path.server' },
      { file: 'app/editing/git/layer-case.server.ts', from: './read.server' },
      { file: 'app/editing/setup/layer-case.server.ts', from: '~/editing/content-list/catalog.server' },
      { file: 'app/editing/layer-case.server.ts', from: '~/editing/setup/steps.server' },
      { file: 'app/routes/layer-case.server.ts', from: '~/editing/git/publish.server' },
    ],
  },
  {
    rule: 'nothing outside test/ imports a test helper',
    message: /Test helpers stay in test\//,
    broken: [
      { file: 'app/http/layer-case.server.ts', from: '~/../test/helpers/wait' },
      { file: 'pipeline/layer-case.ts', from: '../test/helpers/wait' },
      { file: 'scripts/layer-case.ts', from: '../test/helpers/wait' },
      { file: 'netlify/functions/layer-case.ts', from: '../../test/helpers/wait' },
    ],
    allowed: [{ file: 'test/bench/layer-case.ts', from: '../helpers/wait' }],
  },
];

describe('layer rules', () => {
  it.each(RULES)('$rule', async ({ message, broken, allowed }) => {
    for (const { file, from, typeOnly } of broken) {
      expect((await importMessages(file, from, 'used', typeOnly)).join('\n'), `${file} importing ${from}`).toMatch(message);
    }
    for (const { file, from, typeOnly } of allowed) {
      expect(await importMessages(file, from, 'used', typeOnly), `${file} importing ${from}`).toEqual([]);
    }
  });
});
