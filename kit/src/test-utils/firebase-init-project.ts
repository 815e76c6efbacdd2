import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** firebase-tools' own templates for a TypeScript functions codebase, from the installed firebase-tools. */
export const FUNCTIONS_TEMPLATE = join(
  dirname(createRequire(import.meta.url).resolve('firebase-tools/package.json')),
  'templates/init/functions/typescript',
);

/**
 * Lays out in `root` what `firebase init functions` writes for TypeScript (with ESLint or without),
 * from firebase-tools' own template files, as its `init/features/functions/typescript` does:
 * firebase.json's codebase, and functions/ with package.json (the runtime filled in), tsconfig.json,
 * src/index.ts and .gitignore. Dependencies are not installed. Returns the functions' folder.
 */
export function firebaseInitProject(root: string, options: { lint?: boolean; node?: string } = {}): string {
  const functions = join(root, 'functions');
  mkdirSync(join(functions, 'src'), { recursive: true });
  const template = (name: string) => join(FUNCTIONS_TEMPLATE, name);
  const predeploy = [
    ...(options.lint ? ['npm --prefix "$RESOURCE_DIR" run lint'] : []),
    'npm --prefix "$RESOURCE_DIR" run build',
  ];
  const codebase = { source: 'functions', codebase: 'default', disallowLegacyRuntimeConfig: true, predeploy };
  writeFileSync(join(root, 'firebase.json'), `${JSON.stringify({ functions: [codebase] }, null, 2)}\n`);
  const pkg = readFileSync(template(options.lint ? 'package.lint.json' : 'package.nolint.json'), 'utf8');
  writeFileSync(join(functions, 'package.json'), pkg.replace('{{RUNTIME}}', options.node ?? '22'));
  copyFileSync(template('tsconfig.json'), join(functions, 'tsconfig.json'));
  copyFileSync(template('index.ts'), join(functions, 'src/index.ts'));
  copyFileSync(template('_gitignore'), join(functions, '.gitignore'));
  if (options.lint) {
    copyFileSync(template('_eslintrc'), join(functions, '.eslintrc.js'));
    copyFileSync(template('tsconfig.dev.json'), join(functions, 'tsconfig.dev.json'));
  }
  return functions;
}
