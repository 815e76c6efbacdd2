// Writes protocol/schema/*.json from the built protocol's zod (run by `npm run build` and
// `npm run schema`), and seals the set's digest for PROTOCOL_VERSION in schema/versions.json the
// first time that version is built. A changed set under a sealed version is left for the test
// (json-schemas.version.test.ts) to refuse, unless `--reseal` says the version was never released.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaFileText, schemasDigest, sealProblem, wireJsonSchemas } from '../dist/json-schemas.js';
import { PROTOCOL_VERSION } from '../dist/protocol-version.js';

const dir = join(import.meta.dirname, '..', 'schema');
const VERSIONS = 'versions.json';
const schemas = wireJsonSchemas();
for (const file of readdirSync(dir)) {
  if (file !== VERSIONS && !(file.replace(/\.json$/, '') in schemas)) rmSync(join(dir, file));
}
for (const [name, schema] of Object.entries(schemas)) writeFileSync(join(dir, `${name}.json`), schemaFileText(schema));

const versionsFile = join(dir, VERSIONS);
const versions = JSON.parse(readFileSync(versionsFile, { encoding: 'utf8', flag: 'a+' }) || '{}');
const digest = schemasDigest(schemas);
if (versions[String(PROTOCOL_VERSION)] === undefined || process.argv.includes('--reseal')) {
  versions[String(PROTOCOL_VERSION)] = digest;
  writeFileSync(versionsFile, `${JSON.stringify(versions, null, 2)}\n`);
}
const problem = sealProblem(versions, PROTOCOL_VERSION, digest);
if (problem) console.warn(problem);
