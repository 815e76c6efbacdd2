import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readText, writeIfChanged } from './project-files.js';

/** The example agent's files, copied into the functions' `src/` when absent (the kit's `templates/starter`). */
export const STARTER_FILES = ['meeting-rooms.ts', 'meeting-rooms.test.ts', 'meeting-rooms-function.ts'] as const;

/** The line the starter adds to `src/index.ts`: the example agent deployed as a callable function. */
export const STARTER_EXPORT = "export { meetingRooms } from './meeting-rooms-function.js';";

/**
 * Writes the example agent, its test and its function into `src` (a file of that name already
 * there is the project's: kept as it is), and exports the function from `src/index.ts`. Returns
 * the files it wrote.
 */
export function writeStarterFiles(src: string, templates: URL): string[] {
  const written: string[] = [];
  for (const name of STARTER_FILES) {
    const target = join(src, name);
    if (readText(target) !== undefined) continue;
    writeIfChanged(target, readFileSync(new URL(name, templates), 'utf8'));
    written.push(target);
  }
  const index = join(src, 'index.ts');
  const current = readText(index) ?? '';
  if (!current.includes('./meeting-rooms-function.js')) {
    const separator = current === '' || current.endsWith('\n') ? '' : '\n';
    const added = `${current}${separator}\n// The example agent from \`npx @callable-flows/kit init\`.\n${STARTER_EXPORT}\n`;
    writeIfChanged(index, added);
    written.push(index);
  }
  return written;
}
