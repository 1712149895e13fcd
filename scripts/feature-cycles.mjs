#!/usr/bin/env node
// Fails when features import each other in a circle (issue 34): dependency-cruiser's no-cycles
// rule sees modules, so orders/a.ts → mail/b.ts → orders/c.ts passes it though the two features
// depend on each other. This collapses every module to its feature (`api/orders`), counting
// type-only imports, and reports each circle with one import per step. Test code is left out: a
// test of one feature may drive another.
// Usage: node scripts/feature-cycles.mjs [dir…]   (default: apps/api/src apps/web/src)
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DIRS = ['apps/api/src', 'apps/web/src'];

/** `apps/<app>/src/features/<feature>/…` → `<app>/<feature>`; null outside features. */
export const featureOf = (path) => {
  const found = /(?:^|\/)apps\/([^/]+)\/src\/features\/([^/]+)\//.exec(path);
  return found ? `${found[1]}/${found[2]}` : null;
};

/** The same test code as .dependency-cruiser.cjs's `testCode`. */
const isTestCode = (path) =>
  /(\.test\.tsx?$|\/testing\/|(^|\/)apps\/[^/]+\/src\/test\/)/.test(path);

/**
 * Feature → the features it imports, each with one import that makes it (`from → to`, and
 * whether it is type-only), from dependency-cruiser's modules.
 */
export function featureGraph(modules) {
  const graph = new Map();
  for (const { source, dependencies } of modules) {
    const from = featureOf(source);
    if (!from || isTestCode(source)) continue;
    for (const dependency of dependencies) {
      const to = featureOf(dependency.resolved);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map();
      graph.set(from, edges);
      if (!edges.has(to)) {
        const typeOnly = (dependency.dependencyTypes ?? []).includes('type-only');
        edges.set(to, { from: source, to: dependency.resolved, typeOnly });
      }
    }
  }
  return graph;
}

/** The strongly connected components of the graph with more than one feature (Tarjan). */
function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** A shortest circle through `start` inside `component`: the features, `start` first and last. */
function circleThrough(graph, start, component) {
  const inside = new Set(component);
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (!inside.has(to) || cameFrom.has(to)) continue;
      cameFrom.set(to, node);
      if (to === start) {
        const between = [];
        for (let at = node; at !== start; at = cameFrom.get(at)) between.unshift(at);
        return [start, ...between, start];
      }
      queue.push(to);
    }
  }
  return [start, start];
}

/** Every circle of features: each as its features in order, the first repeated last. */
export const featureCycles = (graph) =>
  circles(graph).map((component) => circleThrough(graph, component[0], component));

/** What `pnpm lint` prints of the circles. */
export function describeCycles(graph, cycles) {
  const lines = [
    'features import each other in a circle (type-only imports count): publish an event, or move what both need, so that one of them no longer imports the other (docs/architecture.md, "Features and their events")',
  ];
  for (const cycle of cycles) {
    lines.push(`  ${cycle.join(' → ')}`);
    for (let i = 0; i + 1 < cycle.length; i += 1) {
      const edge = graph.get(cycle[i]).get(cycle[i + 1]);
      lines.push(`    ${edge.from} → ${edge.to}${edge.typeOnly ? ' (type-only)' : ''}`);
    }
  }
  return lines.join('\n');
}

/** dependency-cruiser's modules under `dirs` (relative to `cwd`), type-only imports counted. */
export function cruise(dirs, cwd) {
  const bin = join(root, 'node_modules', '.bin', 'depcruise');
  const args = [
    ...dirs,
    '--no-config',
    '--ts-pre-compilation-deps',
    '--do-not-follow',
    'node_modules',
    '--exclude',
    '(^|/)(node_modules|dist|dist-ssr|test-results)/',
    '--output-type',
    'json',
  ];
  const run = spawnSync(bin, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`dependency-cruiser failed: ${run.stderr || run.error}`);
  return JSON.parse(run.stdout).modules;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dirs = process.argv.slice(2);
  const graph = featureGraph(cruise(dirs.length > 0 ? dirs : DEFAULT_DIRS, process.cwd()));
  const cycles = featureCycles(graph);
  if (cycles.length > 0) {
    console.error(describeCycles(graph, cycles));
    process.exit(1);
  }
  console.log(`✔ no feature imports another in a circle (${graph.size} features import others)`);
}
