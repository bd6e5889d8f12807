import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in, longest first, so that no long file starts last
 * and runs alone on one core while the other waits (two workers):
 * 1. files tagged `// @module-tag slow` (they start `netlify serve`, a dev
 *    server, or build content in a clone: minutes each);
 * 2. then by the last run's duration when vitest's cache has it (a developer's
 *    machine), else by what the folder needs (a browser before a server,
 *    a server before a database, a database before plain Node), and the
 *    larger file first within a folder.
 * Projects are not run one after another: every file shares the two workers.
 */
const FOLDER_WEIGHT: [RegExp, number][] = [
  [/\/test\/e2e\//, 4],
  [/\/test\/(integration|security|contract)\//, 3],
  [/\/test\/db\//, 2],
  [/\/test\/unit\//, 1],
];

const SLOW_TAG = /(\/\/|\*)\s*@module-tag\s+slow\b/;

export function isTaggedSlow(file: string): boolean {
  try {
    return SLOW_TAG.test(readFileSync(file, 'utf8').slice(0, 4000));
  } catch {
    return false;
  }
}

function folderWeight(file: string): number {
  return FOLDER_WEIGHT.find(([pattern]) => pattern.test(file))?.[1] ?? 0;
}

function fileSize(file: string): number {
  try {
    return readFileSync(file).length;
  } catch {
    return 0;
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const keyed = files.map((spec) => {
      const result = cache.getTestSpecificationResult(spec);
      return {
        spec,
        slow: isTaggedSlow(spec.moduleId),
        duration: result?.duration,
        weight: folderWeight(spec.moduleId),
        size: fileSize(spec.moduleId),
      };
    });
    const everyKnown = keyed.every((entry) => entry.duration !== undefined);
    keyed.sort((a, b) => {
      if (a.slow !== b.slow) return a.slow ? -1 : 1;
      if (everyKnown) return (b.duration ?? 0) - (a.duration ?? 0);
      if (a.weight !== b.weight) return b.weight - a.weight;
      return b.size - a.size;
    });
    return keyed.map((entry) => entry.spec);
  }
}
