import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layers are lint errors (eslint.config.js). Each rule is shown a file
 * that breaks it, at the path where it would break it, and the same import
 * where it is allowed: lint fails on the first and passes the second, so the
 * rule can neither be lost nor grow past its layer unnoticed.
 */

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`ESLint gave no result for ${filePath}`);
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const restricted = (messages: string[]) => messages.filter((m) => m.startsWith('@typescript-eslint/no-restricted-imports'));

describe('layer rules', () => {
  it('app/ may not import build-time code (pipeline/) or scripts/', async () => {
    const pipeline = await lint(
      'app/content/layer-case.server.ts',
      "import { compileSite } from '../../pipeline/content/compile';\nexport const used = compileSite;\n",
    );
    expect(restricted(pipeline).join('\n')).toMatch(/may not import build-time code/);
    const scripts = await lint('app/http/layer-case.ts', "import { gen } from '../../scripts/gen';\nexport const used = gen;\n");
    expect(restricted(scripts).join('\n')).toMatch(/may not import build-time code/);
    const server = await lint('server.ts', "import { compileSite } from './pipeline/content/compile';\nexport const used = compileSite;\n");
    expect(restricted(server)).toHaveLength(1);

    // Build-time code and the content-check function may.
    expect(
      restricted(
        await lint('pipeline/layer-case.ts', "import { compileSite } from './content/compile';\nexport const used = compileSite;\n"),
      ),
    ).toEqual([]);
    expect(
      restricted(
        await lint(
          'netlify/functions/layer-case.ts',
          "import { compileSite } from '../../pipeline/content/compile';\nexport const used = compileSite;\n",
        ),
      ),
    ).toEqual([]);
  });

  it('code that reaches the browser may not import *.server modules, but may import their types', async () => {
    const component = await lint(
      'app/components/LayerCase.tsx',
      "import { listMessages } from '~/contact/inbox.server';\nexport const used = listMessages;\n",
    );
    expect(restricted(component).join('\n')).toMatch(/only routes and other \*\.server modules import \*\.server code/);
    const shared = await lint(
      'app/content/layer-case.ts',
      "import { sameSecret } from '../access/constant-time.server';\nexport const used = sameSecret;\n",
    );
    expect(restricted(shared)).toHaveLength(1);

    expect(
      restricted(
        await lint(
          'app/components/LayerCase.tsx',
          "import type { InboxMessage } from '~/contact/inbox.server';\nexport type Used = InboxMessage;\n",
        ),
      ),
    ).toEqual([]);
    expect(
      restricted(
        await lint(
          'app/routes/layer-case.tsx',
          "import { listMessages } from '~/contact/inbox.server';\nexport const used = listMessages;\n",
        ),
      ),
    ).toEqual([]);
    expect(
      restricted(await lint('app/root.tsx', "import { listMessages } from '~/contact/inbox.server';\nexport const used = listMessages;\n")),
    ).toEqual([]);
    expect(
      restricted(
        await lint(
          'app/contact/layer-case.server.ts',
          "import { listMessages } from './inbox.server';\nexport const used = listMessages;\n",
        ),
      ),
    ).toEqual([]);
  });

  it('nothing outside test/ imports a test helper', async () => {
    for (const [file, from] of [
      ['app/http/layer-case.server.ts', '../../test/helpers/wait'],
      ['pipeline/layer-case.ts', '../test/helpers/wait'],
      ['scripts/layer-case.ts', '../test/helpers/wait'],
      ['netlify/functions/layer-case.ts', '../../test/helpers/wait'],
    ] as const) {
      const messages = await lint(file, `import { waitFor } from '${from}';\nexport const used = waitFor;\n`);
      expect(restricted(messages).join('\n'), file).toMatch(/Test helpers stay in test\//);
    }
    expect(
      restricted(await lint('test/bench/layer-case.ts', "import { waitFor } from '../helpers/wait';\nexport const used = waitFor;\n")),
    ).toEqual([]);
  });
});
