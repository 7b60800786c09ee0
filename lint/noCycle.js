/**
 * ESLint rule `local/no-cycle`: no module reaches itself through imports (docs/architecture.md,
 * Layers). Every import counts — `import type`, re-exports and `import()` too: a type-only or lazy
 * edge is still a dependency (the layers count it as well), and it closes a cycle the moment it
 * changes kind. An import is reported when the module it names reaches back to the importer, with
 * the way back.
 *
 * Why not import-x/no-cycle: it cannot count `import type`, and it parses every module it follows
 * with the full TypeScript parser (15–25 s of this repository's lint). Here each module is read once
 * with TypeScript's import scanner (`preProcessFile`, no parse; about 1 s for all of them) and the
 * graph's strongly connected components are computed once per process, Tarjan's algorithm over
 * the modules reached so far. Only relative specifiers are followed: a package cannot import back.
 * The linted file's imports are read from the text being linted; other modules are read from
 * disk once per process (a long-lived ESLint, an editor's, sees their later edits after a restart).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

const CODE = /\.[cm]?[jt]sx?$/;

/** The module a relative specifier names, or undefined (a package, a JSON or CSS file, a missing file). */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  if (CODE.test(base)) return base;
  // Without an extension (the repository writes them, Bundler resolution allows leaving them out).
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (existsSync(candidate)) return candidate;
  return undefined;
}

/** The modules a text imports (static, type-only, re-exported, dynamic). */
function importsOf(file, text) {
  const found = new Set();
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const target = resolveSpecifier(file, fileName);
    if (target) found.add(target);
  }
  return [...found];
}

/** Per module its imports (read once), and per module its component once computed. */
const graph = new Map();
let componentOf = new Map();

function edges(file) {
  let e = graph.get(file);
  if (!e) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      text = ''; // a missing module imports nothing
    }
    e = importsOf(file, text);
    graph.set(file, e);
  }
  return e;
}

/** Tarjan's strongly connected components from `root`, iterative (deep import chains), over modules not yet assigned. */
function assign(root) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    return { v, out: edges(v), i: 0 };
  };
  const work = [visit(root)];
  while (work.length) {
    const frame = work[work.length - 1];
    if (frame.i < frame.out.length) {
      const w = frame.out[frame.i++];
      if (componentOf.has(w)) continue; // finished in an earlier search: not on this one's stack
      if (!index.has(w)) work.push(visit(w));
      else if (onStack.has(w)) low.set(frame.v, Math.min(low.get(frame.v), index.get(w)));
      continue;
    }
    work.pop();
    if (work.length) {
      const parent = work[work.length - 1].v;
      low.set(parent, Math.min(low.get(parent), low.get(frame.v)));
    }
    if (low.get(frame.v) === index.get(frame.v)) {
      const members = new Set();
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        members.add(w);
      } while (w !== frame.v);
      for (const m of members) componentOf.set(m, members);
    }
  }
}

/** The shortest way from `from` back to `to` inside their component. */
function wayBack(from, to, members) {
  const prev = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length) {
    const v = queue.shift();
    if (v === to) break;
    for (const w of edges(v)) {
      if (members.has(w) && !prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  const way = [];
  for (let v = to; v !== undefined; v = prev.get(v)) way.unshift(v);
  return way;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, `import type` and `import()` included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{way}}. Move what both sides need into a module that imports neither (a leaf, or src/core).' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!CODE.test(file)) return {};
    // The text being linted decides this module's imports (an editor's unsaved buffer, a snippet).
    const own = importsOf(file, context.sourceCode.text);
    const known = graph.get(file);
    if (!known || known.length !== own.length || known.some((t, i) => t !== own[i])) {
      graph.set(file, own);
      componentOf = new Map(); // the components may have changed: computed again as needed
    }
    if (!componentOf.has(file)) assign(file);
    const members = componentOf.get(file);
    if (members.size === 1 && !own.includes(file)) return {};
    const cwd = context.cwd;
    const check = (node, source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpecifier(file, source.value);
      if (!target || !members.has(target)) return;
      const way = target === file ? [file, file] : [file, ...wayBack(target, file, members)];
      context.report({ node, messageId: 'cycle', data: { way: way.map((f) => relative(cwd, f)).join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
      TSImportEqualsDeclaration: (node) => check(node, node.moduleReference.expression),
      'CallExpression[callee.name="require"]': (node) => check(node, node.arguments[0]),
    };
  },
};
