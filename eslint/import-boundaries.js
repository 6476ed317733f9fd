// Local ESLint rule: imports flow one way (docs/architecture.md):
//   app → features → components → data → lib → config, i18n, types.
// Folders are matched by pattern, so a new domain, feature or admin tab is covered without editing
// any config:
//   - nothing imports src/app (main.tsx, the entry, belongs to it);
//   - src/features/<a>/** may not import src/features/<b>/** (b != a). Each admin tab,
//     src/features/admin/<tab>/**, is a feature of its own; it may import the admin's shared layer
//     (src/features/admin/shared/**, .../testing/**), which imports no tab. The admin area (tabs and
//     shared layer) imports no member feature;
//   - a layer imports only the layers below it: components never import features; src/data/** never
//     imports components or features; src/lib/** (infrastructure) imports neither data nor components
//     nor features; config, i18n and types import none of these;
//   - src/data/<a>/** may import src/data/<b>/ only for its keys (src/data/<b>/keys.ts): a mutation of
//     one domain refreshes what another shows, everything else of a domain stays its own;
//   - src/testing/** (render helpers, factories, MSW) is for tests and test helpers only.
// Test files obey the same rule as the code beside them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC_SEGMENT = `${path.sep}src${path.sep}`;

/** Splits an absolute path below src/ into its parts, or returns null outside src/. */
function srcParts(absolute) {
  const index = absolute.lastIndexOf(SRC_SEGMENT);
  if (index === -1) return null;
  return absolute.slice(index + SRC_SEGMENT.length).split(path.sep);
}

/** The admin's own shared layer: what every admin tab may import. */
const ADMIN_SHARED = new Set(['shared', 'testing']);

/** Layers from the top; a layer imports only layers below it (features among themselves: see below). */
const RANK = { app: 6, feature: 5, testing: 4, components: 3, data: 2, lib: 1, base: 0 };

/**
 * Where a file sits: { layer, feature?, admin?, domain?, keys? }. An admin tab is the feature
 * 'admin/<tab>'; the admin's shared layer (and files directly in features/admin) is 'admin'.
 */
function classify(parts) {
  const [top] = parts;
  // main.tsx is the entry point: it mounts the app, so it belongs to the app layer.
  if (top === 'app' || (parts.length === 1 && top === 'main.tsx')) return { layer: 'app' };
  if (top === 'features') {
    if (parts[1] === 'admin') {
      const tab = parts.length > 3 && !ADMIN_SHARED.has(parts[2]);
      return { layer: 'feature', feature: tab ? `admin/${parts[2]}` : 'admin', admin: true };
    }
    if (parts.length > 2) return { layer: 'feature', feature: parts[1], admin: false };
    return { layer: 'base' };
  }
  if (top === 'components') return { layer: 'components' };
  if (top === 'data') {
    const domain = parts.length > 2 ? parts[1] : '';
    return { layer: 'data', domain, keys: parts.length === 3 && /^keys(\.tsx?)?$/.test(parts[2]) };
  }
  if (top === 'lib') return { layer: 'lib' };
  if (top === 'testing') return { layer: 'testing' };
  return { layer: 'base' };
}

const LAYER_NAMES = {
  app: 'src/app',
  feature: 'src/features',
  testing: 'src/testing',
  components: 'src/components',
  data: 'src/data',
  lib: 'src/lib',
  base: 'config, i18n and types',
};

function isTestFile(parts) {
  return parts.includes('__tests__') || /\.test\.tsx?$/.test(parts[parts.length - 1] ?? '');
}

function resolveTarget(source, filename) {
  if (source.startsWith('@/')) {
    const index = filename.lastIndexOf(SRC_SEGMENT);
    if (index === -1) return null;
    return path.join(filename.slice(0, index + SRC_SEGMENT.length), source.slice(2));
  }
  if (source.startsWith('.')) return path.resolve(path.dirname(filename), source);
  return null;
}

/** The problem with importing `to` from `from` ({ messageId, data }), or null when it is allowed. */
function problem(from, to, fromParts, toParts) {
  if (to.layer === 'app') return from.layer === 'app' ? null : { messageId: 'intoApp' };
  if (to.layer === 'testing') {
    return from.layer === 'testing' || from.layer === 'app' || isTestFile(fromParts) || fromParts.includes('testing')
      ? null
      : { messageId: 'testingOnlyInTests' };
  }
  if (from.layer === 'feature' && to.layer === 'feature') {
    if (from.feature === to.feature) return null;
    if (to.feature === 'admin' && from.admin) return null;
    if (from.admin && !to.admin) return { messageId: 'adminToMember', data: { from: from.feature, to: to.feature } };
    return { messageId: 'crossFeature', data: { from: from.feature, to: to.feature } };
  }
  if (from.layer === 'data' && to.layer === 'data') {
    if (from.domain === to.domain || to.keys) return null;
    return { messageId: 'dataCrossDomain', data: { from: from.domain, to: to.domain } };
  }
  if (from.layer === 'app' || from.layer === to.layer) return null;
  if (RANK[to.layer] >= RANK[from.layer]) {
    return {
      messageId: 'upward',
      data: { from: LAYER_NAMES[from.layer], to: `${LAYER_NAMES[to.layer]} (${toParts.slice(0, 2).join('/')})` },
    };
  }
  return null;
}

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Imports flow one way: app → features → components → data → lib → config/i18n/types; no feature imports another.',
    },
    messages: {
      intoApp: 'Nothing imports src/app: it composes features, not the other way round.',
      crossFeature:
        "Feature '{{from}}' must not import feature '{{to}}': put what both need in src/data/<domain> or " +
        'src/components (one home both sides import), or compose them in src/app.',
      adminToMember:
        "Admin '{{from}}' must not import the member feature '{{to}}': what both need lives in src/data/<domain> " +
        'or src/components.',
      upward:
        '{{from}} must not import {{to}}: imports flow app → features → components → data → lib → ' +
        'config, i18n, types.',
      dataCrossDomain:
        'src/data/{{from}} may import only the keys of src/data/{{to}} (src/data/{{to}}/keys.ts), to refresh what ' +
        'that domain shows.',
      testingOnlyInTests: 'src/testing is for tests: only test files and test helpers import it.',
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const fromParts = srcParts(filename);
    if (!fromParts) return {};
    const from = classify(fromParts);

    function check(node) {
      const source = node.source && node.source.value;
      if (typeof source !== 'string') return;
      const target = resolveTarget(source, filename);
      if (!target) return;
      const toParts = srcParts(target);
      if (!toParts) return;
      const found = problem(from, classify(toParts), fromParts, toParts);
      if (found) context.report({ node: node.source, ...found });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

// No import circle inside src/app: the router, the section registry, the guards and the route modules
// import each other only one way at load time. A lazy `import()` may point back (a route module's
// chunk loads after the registry that names it), and `import type` costs nothing at run time, so
// only static value imports count. Each file of src/app follows its own static imports within
// src/app and reports the first path that leads back to itself.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveFile(target) {
  for (const extension of EXTENSIONS) {
    const candidate = target + extension;
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** The src/app files that `file` imports statically (values, not types). */
function appImports(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const found = [];
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const target = resolveTarget(match[1], file);
    const parts = target && srcParts(target);
    if (!parts || classify(parts).layer !== 'app') continue;
    const resolved = resolveFile(target);
    if (resolved) found.push(resolved);
  }
  return found;
}

/** A path of static imports from `start` back to `start`, or null. */
function cycleFrom(start) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, trail] = stack.pop();
    for (const next of appImports(file)) {
      if (next === start) return trail;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push([next, [...trail, next]]);
    }
  }
  return null;
}

export const noAppCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No circle of static imports inside src/app (lazy import() calls excepted).' },
    messages: { cycle: 'Import circle in src/app: {{trail}} → back here. Break it, or make one side a lazy import().' },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const parts = srcParts(filename);
    if (!parts || classify(parts).layer !== 'app' || isTestFile(parts)) return {};
    return {
      'Program:exit'(node) {
        const trail = cycleFrom(filename);
        if (!trail) return;
        const root = filename.slice(0, filename.lastIndexOf(SRC_SEGMENT) + SRC_SEGMENT.length);
        context.report({
          node,
          messageId: 'cycle',
          data: { trail: trail.map((file) => path.relative(root, file)).join(' → ') },
        });
      },
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries, 'no-app-cycle': noAppCycle } };
