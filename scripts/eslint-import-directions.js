// @ts-check
// An ESLint rule that enforces the import directions of ARCHITECTURE.md between the top-level
// folders. It resolves every relative import against the importing file and compares the two
// top-level folders; bare package imports are not ours and pass (except those listed as
// forbidden for a folder, e.g. React in server/ or runtime/engine).
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** folder → the folders of ours it may import (itself always allowed). */
export const ALLOWED = {
  schemas: [],
  widgets: ['schemas'],
  runtime: ['schemas', 'widgets'],
  designer: ['schemas', 'widgets', 'runtime'],
  src: ['schemas', 'widgets', 'runtime', 'designer'],
  server: ['schemas'],
  tests: ['schemas', 'widgets', 'runtime', 'designer', 'src', 'server', 'scripts'],
  scripts: ['schemas', 'server'],
  '.storybook': ['schemas', 'widgets', 'runtime', 'designer', 'src'],
};

/** sub-folders with stricter rules: no React or DOM libraries in plain-logic layers. */
const NO_REACT = ['runtime/engine', 'designer/core', 'schemas', 'server'];
const REACT_PACKAGES = /^(react|react-dom|antd|@ant-design\/|@rjsf\/core|@rjsf\/antd|@dnd-kit\/|@xyflow\/|ag-grid-|@tiptap\/|jotai)/;
/** rjsf is an interop theme only (widgets/rjsf) and the form benchmark's baseline: nothing else renders on it. */
const RJSF_PACKAGES = /^@rjsf\//;
const RJSF_ALLOWED = ['widgets/rjsf', 'tests/bench'];

/**
 * One level down: inner layers that may not reach up to a sibling above them, and server
 * modules that meet only through each other's public face (`../<module>` = its index.ts).
 */
export const INNER = [
  { from: 'runtime/engine', not: ['runtime/form', 'runtime/list', 'runtime/approval'] },
  { from: 'designer/core', not: ['designer/form', 'designer/process'] },
  { from: 'server/plugins', not: ['server/modules'] },
  { from: 'server/lib', not: ['server/modules', 'server/plugins'] },
  { from: 'server/db', not: ['server/modules', 'server/plugins'] },
];

/** @param {string} rel @param {string} prefix */
const under = (rel, prefix) => rel === prefix || rel.startsWith(prefix + '/');

/**
 * The inner-layer problem of an import from `relFile` to `relTarget` (both relative to the root,
 * '/'-separated, the target without extension), or null.
 * @param {string} relFile @param {string} relTarget
 * @returns {{ messageId: 'inner' | 'insides', data: Record<string, string> } | null}
 */
export function innerProblem(relFile, relTarget) {
  for (const rule of INNER) {
    if (!under(relFile, rule.from)) continue;
    const hit = rule.not.find((p) => under(relTarget, p));
    if (hit) return { messageId: 'inner', data: { from: rule.from, to: hit } };
  }
  const a = /^server\/modules\/([^/]+)\//.exec(relFile);
  const b = /^server\/modules\/([^/]+)(\/.*)?$/.exec(relTarget);
  if (a && b && a[1] !== b[1] && b[2] && b[2] !== '/index' && b[2] !== '/index.js' && b[2] !== '/index.ts') {
    return { messageId: 'insides', data: { from: a[1], to: b[1], target: relTarget } };
  }
  return null;
}

/** @param {string} file */
function topOf(file) {
  const rel = path.relative(root, file);
  if (rel.startsWith('..')) return null;
  return rel.split(path.sep)[0];
}

/** @type {import('eslint').ESLint.Plugin} */
const plugin = {
  rules: {
    'import-directions': {
      meta: {
        type: 'problem',
        docs: { description: 'Enforce the import directions between top-level folders (ARCHITECTURE.md)' },
        schema: [],
        messages: {
          forbidden: "'{{from}}/' may not import from '{{to}}/' (ARCHITECTURE.md import directions; allowed: {{allowed}})",
          react: "'{{folder}}' is plain TypeScript and may not import '{{pkg}}'",
          rjsf: "'{{pkg}}' may be imported only by the rjsf interop theme (widgets/rjsf) and the form benchmark (tests/bench)",
          inner: "'{{from}}/' may not import from '{{to}}/' (an inner layer does not reach up: ARCHITECTURE.md)",
          insides: "server module '{{from}}' may not import another module's insides ('{{target}}'): import its face '../{{to}}' (index.ts)",
        },
      },
      create(context) {
        const filename = context.filename;
        const from = topOf(filename);
        const relFile = path.relative(root, filename).split(path.sep).join('/');
        /** @param {any} node @param {string} spec */
        function check(node, spec) {
          if (typeof spec !== 'string') return;
          if (!spec.startsWith('.')) {
            const strict = NO_REACT.find((p) => relFile === p || relFile.startsWith(p + '/'));
            if (strict && REACT_PACKAGES.test(spec)) {
              context.report({ node, messageId: 'react', data: { folder: strict, pkg: spec } });
            }
            if (RJSF_PACKAGES.test(spec) && !RJSF_ALLOWED.some((p) => relFile.startsWith(p + '/'))) {
              context.report({ node, messageId: 'rjsf', data: { pkg: spec } });
            }
            return;
          }
          const target = path.resolve(path.dirname(filename), spec);
          const inner = innerProblem(
            relFile,
            path
              .relative(root, target)
              .split(path.sep)
              .join('/')
              .replace(/\.(ts|tsx|js|mjs)$/, ''),
          );
          if (inner) context.report({ node, messageId: inner.messageId, data: inner.data });
          if (!from || !(from in ALLOWED)) return;
          const to = topOf(target);
          if (!to || to === from) return;
          const allowed = /** @type {Record<string,string[]>} */ (ALLOWED)[from];
          if (!allowed.includes(to)) {
            context.report({ node, messageId: 'forbidden', data: { from, to, allowed: allowed.join(', ') || 'none' } });
          }
        }
        return {
          ImportDeclaration(node) {
            check(node.source, /** @type {string} */ (node.source.value));
          },
          ExportNamedDeclaration(node) {
            if (node.source) check(node.source, /** @type {string} */ (node.source.value));
          },
          ExportAllDeclaration(node) {
            check(node.source, /** @type {string} */ (node.source.value));
          },
          ImportExpression(node) {
            if (node.source.type === 'Literal') check(node.source, /** @type {string} */ (node.source.value));
          },
        };
      },
    },
  },
};

export default plugin;
