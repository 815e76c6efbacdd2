import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { FIRESTORE_EMULATOR_JAR } from '@callable-flows/kit/test-utils/firestore-emulator.js';
import { skipOrFail } from '@callable-flows/kit/test-utils/strict-skips.js';
import type { TestProject } from 'vitest/node';
import { CHROMIUM } from './test-utils/browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why the browser tests can't run here; '' when they can. */
    browserSkipReason: string;
  }
}

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const ENSURE = resolve(REPO_ROOT, 'scripts/ensure-chromium.sh');
/** ensure-chromium.sh's exit code for "Chromium could not be installed here". */
const CANNOT_INSTALL = 3;

function browserSkipReason(): string {
  if (!existsSync(FIRESTORE_EMULATOR_JAR)) return `no Firestore emulator jar at ${FIRESTORE_EMULATOR_JAR}`;
  const ensured = spawnSync('bash', [ENSURE], { stdio: 'inherit', env: { ...process.env, CHROMIUM } });
  if (ensured.status === CANNOT_INSTALL) return 'chromium could not be installed';
  if (ensured.status !== 0) throw new Error(`${ENSURE} failed with exit code ${ensured.status ?? ensured.signal}`);
  return '';
}

/**
 * The app imports the protocol and the typed client as packages (their `dist`): build them when
 * missing, as on a fresh clone (the protocol first: the client imports it).
 */
function ensureClientBuilt(): void {
  for (const workspace of ['protocol', 'client']) {
    if (existsSync(resolve(REPO_ROOT, `${workspace}/dist/index.js`))) continue;
    const built = spawnSync('npm', ['run', 'build', '-w', workspace, '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`building ${workspace} failed (npm run build -w ${workspace})`);
  }
}

/**
 * Builds the protocol and the typed client when missing; makes sure Chromium is here (installing
 * Debian's when it is missing), or says why not (and fails the run under CI=true or STRICT_SKIPS=1).
 */
export function setup(project: TestProject): void {
  ensureClientBuilt();
  const reason = browserSkipReason();
  if (reason) skipOrFail('browser tests', reason);
  project.provide('browserSkipReason', reason);
}
