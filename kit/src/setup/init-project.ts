import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { adoptPackageJson, type KitManifest, type PackageJson } from './adopt-package-json.js';
import { adoptTsConfig, type TsConfig } from './adopt-tsconfig.js';
import { KIT_ROOT, mergeFirestoreFiles } from './merge-firestore-files.js';
import { jsonText, readJson, writeIfChanged } from './project-files.js';
import { writeStarterFiles } from './write-starter-files.js';

/** What the starter did: the files it changed (none on a second run). */
export interface InitReport {
  root: string;
  functions: string;
  changed: string[];
}

interface FirebaseJson {
  functions?: { source?: string } | { source?: string }[];
}

/** The folder of firebase.json: `dir` or the nearest folder above it. */
export function projectRoot(dir: string): string {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (existsSync(join(at, 'firebase.json'))) return at;
    if (dirname(at) === at)
      throw new Error(`no firebase.json in ${dir} or above it: run \`firebase init functions\` first`);
  }
}

function functionsSource(root: string): string {
  const config = readJson<FirebaseJson>(join(root, 'firebase.json')).functions;
  const first = Array.isArray(config) ? config[0] : config;
  return join(root, first?.source ?? 'functions');
}

/** ESLint's `.eslintrc.js` is CommonJS, which a `"type": "module"` package must name `.cjs`. */
function keepEslintConfig(functions: string): string[] {
  const js = join(functions, '.eslintrc.js');
  if (!existsSync(js)) return [];
  renameSync(js, join(functions, '.eslintrc.cjs'));
  const dev = join(functions, 'tsconfig.dev.json');
  if (existsSync(dev)) writeFileSync(dev, readFileSync(dev, 'utf8').replace('.eslintrc.js', '.eslintrc.cjs'));
  return [js];
}

/**
 * Makes a `firebase init` project ready for the kit (`npx @callable-flows/kit init`): the
 * dependencies and scripts in the functions' package.json, the TypeScript target, the kit's rules
 * and indexes merged and named in firebase.json, an emulator data folder, and one example agent
 * with an approval and its test. Idempotent: a second run changes nothing.
 */
export function initProject(dir: string): InitReport {
  const root = projectRoot(dir);
  const functions = functionsSource(root);
  const kit = readJson<KitManifest>(new URL('package.json', KIT_ROOT).pathname);
  const dataDir = join(root, 'emulator-data');
  const changed: string[] = [];
  const adopt = <T extends object>(file: string, change: (value: T) => T) => {
    if (writeIfChanged(file, jsonText(change(readJson<T>(file))))) changed.push(file);
  };
  adopt<PackageJson>(join(functions, 'package.json'), (pkg) =>
    adoptPackageJson(pkg, kit, relative(functions, dataDir)),
  );
  adopt<TsConfig>(join(functions, 'tsconfig.json'), adoptTsConfig);
  changed.push(...keepEslintConfig(functions));
  changed.push(...mergeFirestoreFiles(root).changed);
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, '.gitkeep'), '');
    changed.push(dataDir);
  }
  changed.push(...writeStarterFiles(join(functions, 'src'), new URL('templates/starter/', KIT_ROOT)));
  return { root, functions, changed };
}
