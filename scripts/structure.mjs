// The import graph of a folder of TypeScript:
// `node scripts/structure.mjs [--folders] [--json] [--test-utils] DIR`.
// Nodes: the files under DIR (recursively), or with --folders its direct sub-folders and top-level
// files. Arrows: the distinct node -> node pairs of imports inside DIR. Prints the nodes, the floors
// (circles collapsed into one node; a node stands one floor above the highest node it imports;
// floor 1 imports nothing inside), the arrows, the arrows that run back up (inside a circle, see
// structure-graph.mjs) and the circles. With --folders, the circles of files inside one folder are
// listed too (a folder's own loops, which the folder graph cannot show).
// Read: every `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')` with a
// literal, relative path, type-only ones included, each at the start of a line (so not in a doc
// comment). Not read: a path built by an expression; package imports (they point outside DIR).
// Not nodes: *.test.ts files and test-utils/ folders (with --test-utils, test-utils/ files are).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { components, structureOf } from './structure-graph.mjs';

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const IMPORT =
  /^[ \t]*(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The source files under `dir`, tests and test-utils/ left out, as paths relative to `dir`. */
function sourceFiles(dir, withTestUtils, at = '') {
  const files = [];
  for (const name of readdirSync(join(dir, at)).sort()) {
    const path = join(at, name);
    if (statSync(join(dir, path)).isDirectory()) {
      if ((withTestUtils || name !== 'test-utils') && name !== 'node_modules')
        files.push(...sourceFiles(dir, withTestUtils, path));
    } else if (SOURCE.test(name) && !/\.test\.\w+$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** The file a relative import names (`./x.js` is `./x.ts` in the source), or undefined. */
function resolveImport(dir, from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dir, dirname(from), specifier);
  const stem = base.replace(/\.(m|c)?jsx?$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`, join(base, 'index.ts')];
  const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  return found && relative(dir, found);
}

/** Every file -> file import inside `dir`, deduplicated. */
function fileArrows(dir, files) {
  const known = new Set(files);
  const arrows = new Map();
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(dir, file, match[1] ?? match[2]);
      if (target && known.has(target) && target !== file) arrows.set(`${file}\0${target}`, [file, target]);
    }
  }
  return [...arrows.values()];
}

const folderOf = (file) => {
  const parts = file.split(sep);
  return parts.length > 1 ? `${parts[0]}/` : file;
};

function structure(dir, byFolder, withTestUtils) {
  const files = sourceFiles(dir, withTestUtils);
  const arrows = fileArrows(dir, files);
  if (!byFolder) return structureOf(files, arrows);
  const nodes = [...new Set(files.map(folderOf))];
  const pairs = new Map();
  for (const [from, to] of arrows) {
    const [a, b] = [folderOf(from), folderOf(to)];
    if (a !== b) pairs.set(`${a}\0${b}`, [a, b]);
  }
  const figures = structureOf(nodes, [...pairs.values()]);
  const inside = arrows.filter(([from, to]) => folderOf(from) === folderOf(to));
  const circlesInsideNodes = components(files, inside).filter((members) => members.length > 1);
  return { ...figures, circlesInsideNodes };
}

const args = process.argv.slice(2);
const json = args.includes('--json');
const byFolder = args.includes('--folders');
const dir = args.find((arg) => !arg.startsWith('--'));
if (!dir) {
  console.error('usage: node scripts/structure.mjs [--folders] [--json] [--test-utils] DIR');
  process.exit(2);
}
const figures = structure(resolve(dir), byFolder, args.includes('--test-utils'));
if (json) console.log(JSON.stringify(figures, null, 2));
else {
  const what = byFolder ? 'folders and top-level files' : 'files';
  console.log(`${dir}: ${figures.nodes} ${what}, ${figures.floors} floors, ${figures.arrows} arrows`);
  console.log(`arrows that run back up: ${figures.upward.length}`);
  for (const [from, to] of figures.upward) console.log(`  ${from} -> ${to}`);
  console.log(`circles: ${figures.circles.length}`);
  for (const members of figures.circles) console.log(`  ${members.join(' <-> ')}`);
  if (byFolder) {
    console.log(`circles inside one node: ${figures.circlesInsideNodes.length}`);
    for (const members of figures.circlesInsideNodes) console.log(`  ${members.join(' <-> ')}`);
  }
  console.log('floors, top down:');
  const byFloor = new Map();
  for (const [node, floor] of Object.entries(figures.floorOf))
    byFloor.set(floor, [...(byFloor.get(floor) ?? []), node]);
  for (let floor = figures.floors; floor >= 1; floor--)
    console.log(`  ${floor}: ${(byFloor.get(floor) ?? []).join(' ')}`);
}
