// The path of a call's input through the kit, read statically from the source:
// `node scripts/call-path.mjs [--root DIR] [--target FILE:NAME] [--json] FILE:NAME[:PARAM] …`
// (FILE relative to the root, kit/src by default; NAME a function, or Class.method).
//
// From the first function it walks depth-first, in source order (a call's arguments before the
// call), into the calls it can name statically:
// - `f(…)` where `f` is a function of the same file, or a named import from another file of the
//   root (resolved through index.ts re-exports to the file that defines it);
// - `new C(…)` (C's constructor) and `this.m(…)` inside a class (the class's method `m`).
// With a PARAM, only the calls that pass the input on: an argument that reads PARAM, or a name
// declared or assigned from an expression that reads it; the callee's parameter in that place is
// the input from there on (every name a destructuring pattern binds). Without one, every call.
// Calls inside nested arrow functions and callbacks count where they are written.
// Not followed: dynamic dispatch (a method of a parameter or an object, `agent.send(…)`, a
// function held in a variable, a module loaded with `import()`), type-only imports, packages, the
// input carried inside a closure. A function is walked once per input: a later call of it enters
// its file but is not walked again. Where dynamic dispatch hides the next step, name that step as
// the next FILE:NAME[:PARAM]: the walk of one leg stops when it reaches the next leg (or has
// nothing left to follow), and the next leg starts there. The walk ends at the target (default:
// the Firestore session store's commit).
//
// Prints the files in the order the walk stands in them (a file once per stay) and a summary:
// `files entered: N, re-entries: M, most re-entered: file (k)`; a re-entry is a stay in a file
// the walk had left before.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const require = createRequire(new URL('../functions/package.json', import.meta.url));
const { parseAst } = await import(require.resolve('rolldown/parseAst'));

const DEFAULT_TARGET = 'session/firestore/firestore-session-store.ts:FirestoreSessionStore.commit';

/** The file a relative import names (`./x.js` is `./x.ts` in the source), or undefined. */
function resolveImport(root, from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(root, dirname(from), specifier);
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  const found = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts')].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  );
  return found && relative(root, found);
}

/** A file's functions (by name; methods as `Class.method`), its imports and its re-exports. */
function readModule(root, file) {
  const program = parseAst(readFileSync(join(root, file), 'utf8'), { lang: 'ts' });
  const functions = new Map();
  const imports = new Map(); // local name -> { file, name }
  const reexports = new Map(); // exported name -> { file, name }
  const starExports = [];
  const define = (name, node, className) => {
    if (name) functions.set(name, { node, className });
  };
  const declare = (node) => {
    if (!node) return;
    if (node.type === 'FunctionDeclaration') define(node.id?.name, node);
    else if (node.type === 'ClassDeclaration' && node.id) {
      for (const member of node.body.body) {
        if (member.type !== 'MethodDefinition' || member.key.type !== 'Identifier') continue;
        define(`${node.id.name}.${member.key.name}`, member.value, node.id.name);
      }
    } else if (node.type === 'VariableDeclaration') {
      for (const d of node.declarations) {
        const init = d.init;
        if (d.id.type === 'Identifier' && init && /Function/.test(init.type)) define(d.id.name, init);
      }
    }
  };
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      if (statement.importKind === 'type') continue;
      const from = resolveImport(root, file, statement.source.value);
      if (!from) continue;
      for (const s of statement.specifiers) {
        if (s.importKind === 'type' || s.type !== 'ImportSpecifier') continue;
        imports.set(s.local.name, { file: from, name: s.imported.name ?? s.imported.value });
      }
    } else if (statement.type === 'ExportNamedDeclaration') {
      if (statement.source) {
        const from = resolveImport(root, file, statement.source.value);
        if (!from) continue;
        for (const s of statement.specifiers) {
          const exported = s.exported.name ?? s.exported.value;
          reexports.set(exported, { file: from, name: s.local.name ?? s.local.value });
        }
      } else declare(statement.declaration);
    } else if (statement.type === 'ExportAllDeclaration') {
      const from = resolveImport(root, file, statement.source.value);
      if (from && !statement.exported) starExports.push(from);
    } else if (statement.type === 'ExportDefaultDeclaration') declare(statement.declaration);
    else declare(statement);
  }
  return { functions, imports, reexports, starExports };
}

/** Whether `node` reads one of `names` (a property's key or a member's name is not a read). */
function mentions(node, names) {
  if (!node || typeof node.type !== 'string') return false;
  if (node.type === 'Identifier') return names.has(node.name);
  if (node.type === 'MemberExpression' && !node.computed) return mentions(node.object, names);
  if (node.type === 'Property' && !node.computed) return mentions(node.value, names);
  for (const [k, value] of Object.entries(node)) {
    if (k === 'type' || k === 'typeAnnotation') continue;
    if (Array.isArray(value) ? value.some((child) => mentions(child, names)) : mentions(value, names)) return true;
  }
  return false;
}

/** The names a parameter or a declaration binds (`a`, `{ a, b: c }`, `[a, ...b]`, `a = 1`). */
function patternNames(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Identifier':
      return [node.name];
    case 'AssignmentPattern':
      return patternNames(node.left);
    case 'RestElement':
      return patternNames(node.argument);
    case 'ArrayPattern':
      return node.elements.flatMap(patternNames);
    case 'ObjectPattern':
      return node.properties.flatMap((p) => patternNames(p.type === 'RestElement' ? p : p.value));
    case 'TSParameterProperty':
      return patternNames(node.parameter);
    default:
      return [];
  }
}

function callPath(root, legs, target) {
  const modules = new Map();
  const moduleOf = (file) => {
    if (!modules.has(file)) modules.set(file, readModule(root, file));
    return modules.get(file);
  };
  /** Where `name` exported by `file` is defined: through re-exports, to a function. */
  const definition = (file, name, seen = new Set()) => {
    const key = `${file}:${name}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const module = moduleOf(file);
    if (module.functions.has(name)) return { file, name };
    const again = module.reexports.get(name) ?? module.imports.get(name);
    if (again) return definition(again.file, again.name, seen);
    for (const from of module.starExports) {
      const found = definition(from, name, seen);
      if (found) return found;
    }
    return undefined;
  };
  /** The function a call names, seen from `file` (inside class `className`), or undefined. */
  const callee = (file, className, node) => {
    const module = moduleOf(file);
    const named = (name) => {
      if (module.functions.has(name)) return { file, name };
      const imported = module.imports.get(name);
      return imported && definition(imported.file, imported.name);
    };
    if (node.type === 'NewExpression' && node.callee.type === 'Identifier') {
      const cls = named(node.callee.name);
      const ctor = cls && definition(cls.file, `${cls.name}.constructor`);
      return ctor ?? undefined;
    }
    if (node.type !== 'CallExpression') return undefined;
    const c = node.callee;
    if (c.type === 'Identifier') return named(c.name);
    if (c.type === 'MemberExpression' && c.object.type === 'ThisExpression' && className && !c.computed)
      return definition(file, `${className}.${c.property.name}`);
    return undefined;
  };

  const stays = [];
  const stand = (file) => {
    if (stays.at(-1) !== file) stays.push(file);
  };
  const walked = new Set();
  let stopAt;
  let reached = false;
  /** Walks `name` of `file`; `tracked` is the set of names that hold the input, or null: any call. */
  const walk = (file, name, tracked) => {
    const key = `${file}:${name}`;
    stand(file);
    if (key === stopAt) {
      reached = true;
      return;
    }
    const walkKey = `${key}:${tracked ? [...tracked].sort().join(',') : '*'}`;
    if (walked.has(walkKey)) return;
    walked.add(walkKey);
    const fn = moduleOf(file).functions.get(name);
    if (!fn) throw new Error(`no function ${name} in ${file}`);
    const names = tracked && new Set(tracked);
    const carries = (node) => mentions(node, names);
    const visit = (node) => {
      if (reached || !node || typeof node.type !== 'string') return;
      // Arguments (and the callee's own expression) first: they run before the call.
      for (const [k, value] of Object.entries(node)) {
        if (k === 'type') continue;
        if (Array.isArray(value)) for (const child of value) visit(child);
        else if (value && typeof value === 'object') visit(value);
      }
      if (reached) return;
      // A name given what holds the input holds it too.
      if (names && node.type === 'VariableDeclarator' && node.init && mentions(node.init, names))
        for (const id of patternNames(node.id)) names.add(id);
      if (names && node.type === 'AssignmentExpression' && mentions(node.right, names))
        for (const id of patternNames(node.left)) names.add(id);
      const next = callee(file, fn.className, node);
      if (!next) return;
      const at = names ? node.arguments.findIndex(carries) : 0;
      if (at < 0) return;
      let passed = null;
      if (names) {
        const params = moduleOf(next.file).functions.get(next.name)?.node.params ?? [];
        passed = new Set(patternNames(params[Math.min(at, params.length - 1)]));
        if (!passed.size) return;
      }
      walk(next.file, next.name, passed);
      if (!reached) stand(file);
    };
    visit(fn.node.body);
  };
  const parse = (leg) => {
    const [file, name, param] = leg.split(':');
    return { file, name, param };
  };
  const legsReached = [];
  for (let i = 0; i < legs.length; i++) {
    const here = parse(legs[i]);
    const next = i + 1 < legs.length ? legs[i + 1] : target;
    const stop = parse(next);
    stopAt = `${stop.file}:${stop.name}`;
    reached = false;
    walk(here.file, here.name, here.param ? new Set([here.param]) : null);
    legsReached.push({ from: legs[i], to: next, reached });
    if (reached && next === target) break;
  }
  const counts = new Map();
  for (const file of stays) counts.set(file, (counts.get(file) ?? 0) + 1);
  const reentries = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
  const [most, times] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? ['', 1];
  return { legs: legsReached, stays, files: counts.size, reentries, mostReentered: { file: most, times: times - 1 } };
}

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const root = resolve(option('--root', 'kit/src'));
const target = option('--target', DEFAULT_TARGET);
const json = args.includes('--json');
const legs = args.filter((arg) => !arg.startsWith('--'));
if (!legs.length) {
  console.error('usage: node scripts/call-path.mjs [--root DIR] [--target FILE:NAME] [--json] FILE:NAME[:PARAM] …');
  process.exit(2);
}
const path = callPath(root, legs, target);
if (json) console.log(JSON.stringify(path, null, 2));
else {
  for (const leg of path.legs) console.log(`leg ${leg.from} -> ${leg.to}: ${leg.reached ? 'reached' : 'not reached'}`);
  const seen = new Set();
  path.stays.forEach((file, i) => {
    console.log(`${String(i + 1).padStart(4)}  ${seen.has(file) ? '↺ ' : '  '}${file}`);
    seen.add(file);
  });
  console.log(
    `files entered: ${path.files}, re-entries: ${path.reentries}, most re-entered: ${path.mostReentered.file} (${path.mostReentered.times})`,
  );
}
