// Lists the functions, methods and arrow functions longer than a limit (their whole text, from
// signature to closing brace), parsed with rolldown's parser (oxc):
// `node scripts/long-functions.mjs 60 file.ts …` (scripts/kit-metrics.sh runs it on the kit).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../functions/package.json', import.meta.url));
const { parseAst } = await import(require.resolve('rolldown/parseAst'));

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function nameOf(node, parent) {
  if (node.id?.name) return node.id.name;
  const key = parent?.key ?? parent?.id;
  return key?.name ?? key?.value ?? '(anonymous)';
}

const [limitArg, ...files] = process.argv.slice(2);
const limit = Number(limitArg);
const long = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const lineAt = (offset) => text.slice(0, offset).split('\n').length;
  const visit = (node, parent) => {
    if (!node || typeof node.type !== 'string') return;
    if (FUNCTIONS.has(node.type) && node.body) {
      // A method's text starts at its name, not at its parameter list.
      const start = parent?.type === 'MethodDefinition' || parent?.type === 'Property' ? parent.start : node.start;
      const lines = lineAt(node.end) - lineAt(start) + 1;
      if (lines > limit) long.push({ file, line: lineAt(start), name: nameOf(node, parent), lines });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) visit(child, node);
      else if (value && typeof value === 'object') visit(value, node);
    }
  };
  visit(parseAst(text, { lang: 'ts' }), undefined);
}
long.sort((a, b) => b.lines - a.lines);
console.log(`functions over ${limit} lines: ${long.length}`);
for (const f of long) console.log(`  ${f.lines} lines  ${f.name}  ${f.file}:${f.line}`);
