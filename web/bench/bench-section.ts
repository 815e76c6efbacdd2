import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { withSections } from '../../functions/src/bench/bench-doc.js';

/** Where the timings go: the repo's benchmarks, which `npm run bench` writes section by section. */
const OUT = resolve(import.meta.dirname, '../../docs/benchmarks.md');

/** The web app's sections of docs/benchmarks.md, in their order there. */
const WEB_SECTIONS = ['web', 'web-live'] as const;

/** Writes `body` between the markers of section `name` of docs/benchmarks.md (the functions' runner's rule: the rest stays). */
export function writeBenchSection(name: (typeof WEB_SECTIONS)[number], body: string): void {
  const text = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
  writeFileSync(OUT, withSections(text, new Map([[name, body]]), WEB_SECTIONS));
}

/** The commit measured (short hash), and whether the tree had changes on top of it (docs aside), as the functions' runner says it. */
export function measuredCommit(): string {
  const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8' }).trim();
  try {
    const dirty = git('status', '--porcelain', '--untracked-files=no', '--', '..', ':!../docs') !== '';
    return `commit \`${git('rev-parse', '--short', 'HEAD')}\`${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'an unknown commit (no git)';
  }
}
