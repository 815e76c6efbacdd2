#!/usr/bin/env node
// The kit's command: `npx @callable-flows/kit init [dir]`, run in a `firebase init` project (its
// root or its functions folder), makes it ready for the kit; running it again changes nothing.
import { relative } from 'node:path';
import { initProject } from '../dist/setup/init-project.js';

const [command, dir] = process.argv.slice(2);
if (command !== 'init') {
  console.error('usage: npx @callable-flows/kit init [projectDir]');
  process.exit(2);
}
const report = initProject(dir ?? process.cwd());
const shown = (file) => relative(report.root, file) || '.';
if (!report.changed.length) console.log('nothing to change: the project has the kit set up');
for (const file of report.changed) console.log(`wrote ${shown(file)}`);
console.log(`next: cd ${shown(report.functions)} && npm install && npm test`);
