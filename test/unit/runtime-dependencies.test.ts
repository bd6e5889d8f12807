import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the deployed site and functions import at run time is in
 * `dependencies`: a host that installs only those (`npm ci --omit=dev`) must
 * still run them. Type-only imports don't count, nor server.ts: the build
 * bundles that entry (with its adapter and Remix's virtual server build) into
 * the site's function.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DEPLOYED = ['app', 'netlify', 'pipeline'];
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (/\.(ts|tsx|mjs|js)$/.test(entry)) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(full, file));
}

function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('~/') || specifier.startsWith('node:')) return undefined;
  if (builtinModules.includes(specifier.split('/')[0]!)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [
    ...text.matchAll(/^\s*import\s+(?!type\b)[^;]*?\bfrom\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*export\s+(?!type\b)[^;]*?\bfrom\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
  return found.map(packageOf).filter((name): name is string => Boolean(name));
}

describe('runtime dependencies', () => {
  it('every package the deployed code imports is in dependencies, not devDependencies', () => {
    const missing = new Map<string, string>();
    for (const file of DEPLOYED.flatMap(sourceFiles)) {
      for (const name of runtimeImports(file)) {
        if (!pkg.dependencies[name] && !missing.has(name)) missing.set(name, path.relative(ROOT, file));
      }
    }
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it('react-router-dom is pinned to the exact version @remix-run/react pins', () => {
    const remix = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@remix-run/react/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies['react-router-dom']).toBe(remix.dependencies['react-router-dom']);
  });
});
