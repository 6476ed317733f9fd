// The newcomer's documents stay true to the checkout: every file path that README.md,
// docs/architecture.md and docs/testing.md cite in backticks or link to exists, every `npm run X`
// they and docs/deploy.md name is a script of package.json, and the README stays short.
//
// A cited path may hold placeholders: `<name>` or `*` stands for (part of) one path segment, `**`
// for any depth of folders, `{a,b}` for either word (so `supabase/functions/<name>/deno.json` needs
// at least one function folder with a deno.json), and a trailing `…` for "something under this
// folder".
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The top-level folders whose paths a document cites from the repository's root. */
const ROOTS = ['src', 'supabase', 'scripts', 'docs', 'tests', 'e2e', 'packages', 'deploy', 'eslint', 'public'];
const README_MAX_LINES = 110;

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The markdown without its fenced code blocks (their backticks are not inline code). */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
}

/** Repository paths cited in inline code: each whitespace-separated word that starts with a known root. */
function citedPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, code] of withoutFences(markdown).matchAll(/`([^`\n]+)`/g)) {
    for (const word of code!.split(/\s+/)) {
      const candidate = word.replace(/[,;:.)]+$/, '').replace(/^[(]+/, '');
      const first = candidate.split('/')[0]!;
      if (candidate.includes('/') && ROOTS.includes(first)) paths.add(candidate);
    }
  }
  return [...paths];
}

/** Relative link targets (`[text](target)`), resolved from the document's folder to the root. */
function linkedPaths(markdown: string, documentFile: string): string[] {
  const paths = new Set<string>();
  for (const [, target] of withoutFences(markdown).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!) || target!.startsWith('#')) continue;
    const file = target!.split('#')[0]!;
    paths.add(path.posix.normalize(path.posix.join(path.posix.dirname(documentFile), file)));
  }
  return [...paths];
}

/** Script names after `npm run` anywhere in the document (code blocks included), and `test` for `npm test`. */
function citedScripts(markdown: string): string[] {
  const scripts = new Set<string>();
  for (const [, name] of markdown.matchAll(/\bnpm run ([\w:.-]+)/g)) scripts.add(name!);
  if (/\bnpm test\b/.test(markdown)) scripts.add('test');
  return [...scripts];
}

/** A segment's pattern: `<name>` and `*` match any part of one name, `{a,b}` either word. */
function segmentPattern(segment: string): RegExp | undefined {
  if (!/<[^>]+>|\*|\{/.test(segment)) return undefined;
  const source = segment
    .split(/(<[^>]+>|\*|\{[^}]*\})/)
    .map((part) => {
      if (part.startsWith('<') || part === '*') return '[^/]+';
      if (part.startsWith('{')) return `(${part.slice(1, -1).split(',').map(escapeRegExp).join('|')})`;
      return escapeRegExp(part);
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** `folder` and every folder below it, node_modules and dot-folders left out. */
function foldersUnder(folder: string): string[] {
  if (!isFolder(folder)) return [];
  const below = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
    .flatMap((entry) => foldersUnder(path.join(folder, entry.name)));
  return [folder, ...below];
}

/**
 * Whether something under `root` matches the cited path: placeholders (`<name>`, `*`, `{a,b}`) in a
 * segment, `**` for any depth of folders, and a trailing `…` for "something under this folder".
 */
function pathExists(root: string, cited: string): boolean {
  const segments = cited.replace(/\/?…$/, '').replace(/\/$/, '').split('/');
  let candidates = [root];
  for (const segment of segments) {
    if (segment === '**') {
      candidates = [...new Set(candidates.flatMap(foldersUnder))];
      continue;
    }
    const pattern = segmentPattern(segment);
    candidates = candidates.flatMap((folder) => {
      if (!pattern) return isThere(path.join(folder, segment)) ? [path.join(folder, segment)] : [];
      if (!isFolder(folder)) return [];
      return readdirSync(folder)
        .filter((entry) => pattern.test(entry))
        .map((entry) => path.join(folder, entry));
    });
    if (candidates.length === 0) return false;
  }
  return true;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isThere = (file: string) => {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
};
const isFolder = (file: string) => isThere(file) && statSync(file).isDirectory();

function missingPaths(documentFile: string): string[] {
  const markdown = read(documentFile);
  const cited = [...citedPaths(markdown), ...linkedPaths(markdown, documentFile)];
  return cited.filter((file) => !pathExists(ROOT, file));
}

function missingScripts(documentFile: string): string[] {
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  return citedScripts(read(documentFile)).filter((name) => !(name in scripts));
}

describe('the checker itself', () => {
  const probe = [
    'The wallet lives in `src/data/wallet/keys.ts`; run `npx vitest run tests/db/<file>.test.ts`.',
    'See [deploy](docs/deploy.md#steps) and [the web](https://example.com/x.md).',
    '```bash',
    'npm run dev   # `not/a/path.ts`',
    'npm test -- lint',
    '```',
    'Then `npm run db:schema`, and `scripts/…`.',
  ].join('\n');

  it('finds paths in inline code, words of commands included, and not in code blocks', () => {
    expect(citedPaths(probe).sort()).toEqual(['scripts/…', 'src/data/wallet/keys.ts', 'tests/db/<file>.test.ts']);
  });

  it('finds relative links from the document’s folder, not web addresses', () => {
    expect(linkedPaths(probe, 'README.md')).toEqual(['docs/deploy.md']);
    expect(linkedPaths('[a](architecture.md) [b](../README.md)', 'docs/x.md')).toEqual([
      'docs/architecture.md',
      'README.md',
    ]);
  });

  it('finds npm scripts in prose and code blocks', () => {
    expect(citedScripts(probe).sort()).toEqual(['db:schema', 'dev', 'test']);
  });

  it('tells a real path from a missing one, placeholders included', () => {
    expect(pathExists(ROOT, 'package.json')).toBe(true);
    expect(pathExists(ROOT, 'tests/tooling/docs.test.ts')).toBe(true);
    expect(pathExists(ROOT, 'tests/tooling/<name>.test.ts')).toBe(true);
    expect(pathExists(ROOT, 'tests/*/docs.test.ts')).toBe(true);
    expect(pathExists(ROOT, 'tests/**/docs.test.{ts,tsx}')).toBe(true);
    expect(pathExists(ROOT, 'tests/**/docs.test.{js,jsx}')).toBe(false);
    expect(pathExists(ROOT, 'tests/**/no-such-file.ts')).toBe(false);
    expect(pathExists(ROOT, 'tests/…')).toBe(true);
    expect(pathExists(ROOT, 'tests/tooling/')).toBe(true);
    expect(pathExists(ROOT, 'tests/tooling/no-such-file.test.ts')).toBe(false);
    expect(pathExists(ROOT, 'tests/<name>/no-such-file.test.ts')).toBe(false);
    expect(pathExists(ROOT, 'tests/tooling/<name>.no-such-extension')).toBe(false);
    expect(pathExists(ROOT, 'package.json/<name>')).toBe(false);
  });
});

// docs/deploy.md is left out: it cites the production files a deploy creates (supabase/.env.production, …).
describe.each(['README.md', 'docs/architecture.md', 'docs/testing.md'])('%s', (documentFile) => {
  it('cites only files and folders that exist', () => {
    expect(citedPaths(read(documentFile)).length).toBeGreaterThan(5);
    expect(missingPaths(documentFile)).toEqual([]);
  });
});

describe.each(['README.md', 'docs/architecture.md', 'docs/testing.md', 'docs/deploy.md'])('%s', (documentFile) => {
  it('names only npm scripts that package.json has', () => {
    expect(citedScripts(read(documentFile)).length).toBeGreaterThan(0);
    expect(missingScripts(documentFile)).toEqual([]);
  });
});

it(`README.md is at most ${README_MAX_LINES} lines, with the two commands near the top`, () => {
  const lines = read('README.md').trimEnd().split('\n');
  expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
  const firstCommand = (command: string) => lines.findIndex((line) => line.startsWith(command));
  expect(firstCommand('npm install')).toBeGreaterThan(0);
  expect(firstCommand('npm run dev')).toBeGreaterThan(firstCommand('npm install'));
  expect(firstCommand('npm run dev')).toBeLessThan(30);
});
