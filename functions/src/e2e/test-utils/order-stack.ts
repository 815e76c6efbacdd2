import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FakeGemini, startFakeGemini } from '@callable-flows/kit/test-utils/fake-gemini/index.js';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { type Firestore as AdminFirestore, getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { nextOrderMove } from '../../flows/index.js';
import { seedDemoData } from '../../flows/test-utils/demo-firestore.js';
import { type FunctionsEmulator, REPO_ROOT, startFunctionsEmulator } from './functions-emulator.js';
import { type PlayOnGeminiOptions, playOnGemini } from './gemini-play.js';

const BUILT = join(REPO_ROOT, 'functions/dist/index.js');

/** The deployed functions on the emulators, the order assistant played on the fake Gemini server, and an admin view of Firestore. */
export interface OrderStack {
  admin: AdminFirestore;
  gemini: FakeGemini;
  emulator: FunctionsEmulator;
  /** Stops the functions emulator and the fake Gemini server, and closes the admin app. */
  stop(): Promise<void>;
}

/** Loads the project's own firestore.rules into the emulator for `projectId`, as deployed: owners read, clients write nothing. */
async function loadRules(firestoreHost: string, projectId: string): Promise<void> {
  const rules = readFileSync(join(REPO_ROOT, 'firestore.rules'), 'utf8');
  const loaded = await fetch(`http://${firestoreHost}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
  });
  if (!loaded.ok) throw new Error(`the emulator refused the rules: ${loaded.status}`);
}

/**
 * Starts the end-to-end stack for one test file: the project's rules (when `rules`), the demo
 * orders seeded, the fake Gemini server playing the order assistant, and the functions emulator
 * serving the built functions (functions/dist) against it.
 */
export async function startOrderStack(options: {
  projectId: string;
  firestoreHost: string;
  rules?: boolean;
  play?: PlayOnGeminiOptions;
}): Promise<OrderStack> {
  const { projectId, firestoreHost } = options;
  if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: build first (npm run build -w functions)`);
  if (options.rules) await loadRules(firestoreHost, projectId);
  const adminApp = initializeAdminApp({ projectId }, `admin-${projectId}`);
  const admin = getAdminFirestore(adminApp);
  await seedDemoData(admin);
  const gemini = await startFakeGemini();
  gemini.answerWith(playOnGemini(nextOrderMove, options.play));
  const emulator = await startFunctionsEmulator({
    projectId,
    firestoreHost,
    env: { GEMINI_API_KEY: 'e2e-fake-key', GOOGLE_GEMINI_BASE_URL: gemini.url },
  });
  return {
    admin,
    gemini,
    emulator,
    stop: async () => {
      await emulator.stop();
      await gemini.close();
      await deleteAdminApp(adminApp);
    },
  };
}
