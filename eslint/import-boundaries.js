// Local ESLint rule: imports flow one way, shared code -> features -> app (docs/architecture.md).
// Folders are matched by pattern, so a new feature folder or admin tab is covered without editing
// any config:
//   - src/features/<a>/** may not import src/features/<b>/** (b != a) nor src/app/**;
//   - each admin tab, src/features/admin/<tab>/**, is a feature of its own: it may import its own
//     files and the admin's shared layer (src/features/admin/shared/**, .../testing/**), which
//     imports no tab; member features and admin tabs never import each other;
//   - shared code (every other folder under src/) may import neither src/features/** nor src/app/**.
//     Domain code that member pages and admin tabs both need (operations, key factories, rules)
//     has its one home there, in src/lib/<domain>/, which both sides import.
// Test files are exempt from nothing: a test lives beside the code it tests and obeys the same rule.
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

/**
 * Where a file sits: { layer: 'app' | 'feature' | 'shared', feature?: string }. An admin tab is the
 * feature 'admin/<tab>'; the admin's shared layer (and files directly in features/admin) is 'admin'.
 */
function classify(parts) {
  // main.tsx is the entry point: it mounts the app, so it belongs to the app layer.
  if (parts[0] === 'app' || (parts.length === 1 && parts[0] === 'main.tsx')) return { layer: 'app' };
  if (parts[0] === 'features' && parts[1] === 'admin' && parts.length > 3 && !ADMIN_SHARED.has(parts[2])) {
    return { layer: 'feature', feature: `admin/${parts[2]}` };
  }
  if (parts[0] === 'features' && parts.length > 2) return { layer: 'feature', feature: parts[1] };
  return { layer: 'shared' };
}

/** A feature may import itself; an admin tab may also import the admin's shared layer. */
function mayImport(from, to) {
  return from === to || (to === 'admin' && from.startsWith('admin/'));
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

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports flow one way: shared -> features -> app; no feature imports another.' },
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import feature '{{to}}': put what both need in src/lib/<domain> " +
        '(one home both sides import), or compose them in src/app.',
      intoApp: 'Nothing imports src/app: it composes features, not the other way round.',
      sharedToFeature: "Shared code must not import feature '{{to}}'.",
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
      const to = classify(toParts);
      if (to.layer === 'app' && from.layer !== 'app') {
        context.report({ node: node.source, messageId: 'intoApp' });
      } else if (to.layer === 'feature' && from.layer === 'shared') {
        context.report({ node: node.source, messageId: 'sharedToFeature', data: { to: to.feature } });
      } else if (to.layer === 'feature' && from.layer === 'feature' && !mayImport(from.feature, to.feature)) {
        context.report({ node: node.source, messageId: 'crossFeature', data: { from: from.feature, to: to.feature } });
      }
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
