// A local ESLint rule (eslint.config.js loads it as the `local` plugin): web features form no circle
// (docs/DEVELOPING.md "Layout rules"). import-x/no-cycle follows files, so two features that use each other through
// different files pass it; this rule looks at features as wholes.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The feature a file or an import (`../locations`: its index.ts) lies in: its first folder under `root`, else null. */
function featureOf(root, path) {
  const inside = relative(root, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  return inside.split(sep)[0];
}

/** The relative import paths of a module: static, type-only, re-exports and import(); comments and strings are not. */
const importPaths = (text) =>
  ts
    .preProcessFile(text, true, true)
    .importedFiles.map((file) => file.fileName)
    .filter((path) => path.startsWith('.'));

/** Feature → the features it imports, read from the files on disk once per lint run (per features folder). */
const graphs = new Map();

function featureGraph(root) {
  let graph = graphs.get(root);
  if (graph) return graph;
  graph = new Map();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ts|tsx|js|jsx)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const from = featureOf(root, file);
    if (!from) continue;
    for (const path of importPaths(readFileSync(file, 'utf8'))) {
      const to = featureOf(root, resolve(dirname(file), path));
      if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  graphs.set(root, graph);
  return graph;
}

/** The shortest chain of features from `start` to `goal` (both included), or null when `start` never reaches it. */
function chain(graph, start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const feature = queue.shift();
    if (feature === goal) {
      const path = [];
      for (let step = goal; step !== null; step = cameFrom.get(step)) path.unshift(step);
      return path;
    }
    for (const next of graph.get(feature) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, feature);
      queue.push(next);
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse an import from one web feature to another that already reaches the first.' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string', description: 'The features folder, from the working directory.' } },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        "Feature '{{from}}' imports '{{to}}', which already uses '{{from}}' ({{chain}}): features form no circle. " +
        'Move what both need to the feature it belongs to, or to components/ or lib/ when it is generic.',
    },
  },
  create(context) {
    const root = resolve(context.cwd, context.options[0]?.root ?? 'src/web/features');
    const from = featureOf(root, context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = featureOf(root, resolve(dirname(context.filename), source.value));
      if (!to || to === from) return;
      const back = chain(featureGraph(root), to, from);
      if (back) context.report({ node: source, messageId: 'cycle', data: { from, to, chain: back.join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
