import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/structure.mjs, run as a person runs it, over a small tree made for the test.
const SCRIPT = fileURLToPath(new URL('../../../scripts/structure.mjs', import.meta.url));
const tree = mkdtempSync(join(tmpdir(), 'structure-'));
const files: Record<string, string> = {
  'a.ts': "import { b } from './b.js';\nexport const a = b;\n",
  'b.ts': "import type { D } from './d.js';\nimport { c } from './c.js';\nexport const b: D = c;\n",
  'c.ts': "import { a } from './a.js';\nexport const c = () => a;\n",
  'd.ts': "/**\n * import { x } from './index.js' (a comment, not an import)\n */\nexport type D = unknown;\n",
  'index.ts': "export { a } from './a.js';\nexport * from './d.js';\nimport './sub/e.js';\n",
  'sub/e.ts': "import { f } from './f.js';\nimport type { D } from '../d.js';\nexport const e: D = f;\n",
  'sub/f.ts': "import type { e } from './e.js';\nexport const f = 1;\n",
  'a.test.ts': "import { a } from './a.js';\nimport { e } from './sub/e.js';\n",
  'test-utils/fixture.ts': "import { a } from '../a.js';\n",
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(dirname(join(tree, path)), { recursive: true });
  writeFileSync(join(tree, path), text);
}
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const figuresOf = (...args: string[]) =>
  JSON.parse(execFileSync(process.execPath, [SCRIPT, '--json', ...args, tree], { encoding: 'utf8' }));

describe('scripts/structure.mjs', () => {
  it('counts files, type-only and re-export arrows, floors over a collapsed circle and the arrow that closes it', () => {
    const figures = figuresOf();
    expect(figures).toMatchObject({
      nodes: 7,
      arrows: 10,
      floors: 3,
      circles: [
        ['a.ts', 'b.ts', 'c.ts'],
        ['sub/e.ts', 'sub/f.ts'],
      ],
      upward: [
        ['c.ts', 'a.ts'],
        ['sub/f.ts', 'sub/e.ts'],
      ],
    });
    expect(figures.floorOf).toEqual({
      'a.ts': 2,
      'b.ts': 2,
      'c.ts': 2,
      'd.ts': 1,
      'index.ts': 3,
      'sub/e.ts': 2,
      'sub/f.ts': 2,
    });
  });

  it('draws folders as nodes with distinct folder arrows, and lists the circles inside a folder apart', () => {
    const figures = figuresOf('--folders');
    expect(figures).toMatchObject({
      nodes: 6,
      arrows: 8,
      floors: 3,
      circles: [['a.ts', 'b.ts', 'c.ts']],
      upward: [['c.ts', 'a.ts']],
      circlesInsideNodes: [['sub/e.ts', 'sub/f.ts']],
    });
    expect(figures.floorOf['sub/']).toBe(2);
  });

  it('counts test-utils files as nodes only when asked to', () => {
    expect(figuresOf('--test-utils')).toMatchObject({ nodes: 8, arrows: 11 });
  });
});
