import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import type { DemoAccount, StackConfig } from './src/stack-config.js';

// The app talks to the local emulator suite. Where it is comes from the demo stack's
// firebase.json, unless the environment names another one (the browser tests start their own
// emulators on free ports and pass them here).
const root = resolve(import.meta.dirname, '..');
const readJson = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(resolve(root, file), 'utf8')) as Record<string, unknown>;

interface EmulatorAddress {
  host: string;
  port: number;
}

function stackConfig(env: NodeJS.ProcessEnv): StackConfig {
  const emulators = readJson('firebase.json').emulators as Record<string, EmulatorAddress>;
  const at = (name: string): string => `${emulators[name]?.host}:${emulators[name]?.port}`;
  const users = (readJson('emulator-data/demo-data.json').users ?? {}) as Record<string, DemoAccount>;
  return {
    projectId: env.PROJECT ?? 'demo-callable-flows',
    region: 'us-central1',
    functionsHost: env.FUNCTIONS_EMULATOR_HOST ?? at('functions'),
    authHost: env.FIREBASE_AUTH_EMULATOR_HOST ?? at('auth'),
    firestoreHost: env.FIRESTORE_EMULATOR_HOST ?? at('firestore'),
    // An agent-kit instance instead of the order assistant (a page's `?instance=` overrides it).
    agent: {
      ...(env.KIT_INSTANCE ? { instance: env.KIT_INSTANCE } : {}),
      ...(env.KIT_COLLECTION_PREFIX ? { collectionPrefix: env.KIT_COLLECTION_PREFIX } : {}),
      ...(env.KIT_APPROVER_CLAIM ? { approverClaim: env.KIT_APPROVER_CLAIM } : {}),
    },
    demoAccounts: Object.fromEntries(
      Object.entries(users).map(([name, user]) => [
        name,
        { email: user.email, password: user.password, uid: user.uid },
      ]),
    ),
  };
}

export default defineConfig({
  root: import.meta.dirname,
  define: { __STACK__: JSON.stringify(stackConfig(process.env)) },
  server: { host: '127.0.0.1', port: Number(process.env.WEB_PORT ?? 5173) },
  preview: { host: '127.0.0.1', port: Number(process.env.WEB_PORT ?? 4173) },
  // Auth, Firestore and Functions of the Firebase JS SDK are most of the ~560 kB bundle.
  build: { outDir: 'dist', target: 'es2022', chunkSizeWarningLimit: 800 },
});
