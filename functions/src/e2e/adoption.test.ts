import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firestoreEmulatorHost } from '@callable-flows/kit/test-utils/firestore.js';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FunctionsEmulator, REPO_ROOT, startFunctionsEmulator } from './test-utils/functions-emulator.js';

// A Firebase developer's own project adopting the kit: laid out as `firebase init functions`
// lays out a TypeScript codebase (firebase.json, functions/ with package.json, tsconfig.json and
// src/index.ts), the kit and the protocol installed from their `npm pack` tarballs and everything
// else from the public registry, built with the project's own TypeScript, served by the
// functions emulator. Nothing of this repository's functions/ is loaded.

const host = firestoreEmulatorHost();
if (!host) console.warn('\n*** SKIPPED: adoption test — no Firestore emulator ***\n');
const projectId = `demo-adopt-${randomUUID().slice(0, 8)}`;

/** The versions this repository's example deployment uses, so the adopter's project tests the same SDKs. */
const deployed = JSON.parse(readFileSync(join(REPO_ROOT, 'functions/package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** What the adopter writes: one agent, one tool that asks a person before it refunds. */
const INDEX_TS = `import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { defineAgent, defineTool, FirestoreSessionStore, type GenerateRequest, onCallFlow, scriptedModel } from '@callable-flows/kit';
import { z } from 'zod';

initializeApp();

const refund = defineTool(
  {
    name: 'refund',
    description: 'Refunds an order; a person approves first.',
    inputSchema: z.object({ orderId: z.string() }),
    outputSchema: z.object({ refunded: z.boolean() }),
    sideEffects: 'idempotent',
    onDecline: () => ({ refunded: false }),
  },
  async ({ orderId }, ctx) => {
    if (!ctx.resumed) ctx.interrupt({ question: \`Refund \${orderId}?\` });
    // create() fails if the refund was already made: the test reads that it was made once.
    await getFirestore().doc(\`refunds/\${orderId}\`).create({ by: ctx.ref });
    return { refunded: true };
  },
);

// Offline: asks for the refund, then says it is done once the tool answered.
const model = scriptedModel(
  (request: GenerateRequest) =>
    request.messages.at(-1)?.content.some((part) => 'toolResponse' in part)
      ? 'The refund is done.'
      : { message: { role: 'model', content: [{ toolRequest: { name: 'refund', ref: 'r1', input: { orderId: 'A-1' } } }] }, finishReason: 'stop' },
  { record: false },
);

const agent = defineAgent({
  name: 'refundAgent',
  model,
  tools: [refund],
  store: new FirestoreSessionStore({ firestore: getFirestore() }),
});

export const refundAgent = onCallFlow({ region: 'us-central1' }, agent);
`;

/** `firebase init functions`' TypeScript tsconfig, with ESM output (the kit is ESM). */
const TSCONFIG = {
  compilerOptions: {
    module: 'NodeNext',
    moduleResolution: 'nodenext',
    esModuleInterop: true,
    noImplicitReturns: true,
    noUnusedLocals: true,
    outDir: 'lib',
    sourceMap: true,
    strict: true,
    target: 'es2022',
  },
  compileOnSave: true,
  include: ['src'],
};

/** Runs a command of the adopter's; when it fails, the error carries what it printed. */
function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** The kit and the protocol as `npm pack` makes them for the registry. */
function packTarballs(dir: string): { kit: string; protocol: string } {
  const packed = JSON.parse(
    run('npm', ['pack', '-w', 'kit', '-w', 'protocol', '--pack-destination', dir, '--json', '--silent'], REPO_ROOT),
  ) as { name: string; filename: string }[];
  const file = (name: string) => join(dir, packed.find((p) => p.name === name)?.filename ?? `(no ${name} tarball)`);
  return { kit: file('@callable-flows/kit'), protocol: file('@callable-flows/protocol') };
}

function writeProject(root: string, tarballs: { kit: string; protocol: string }): string {
  const functions = join(root, 'functions');
  mkdirSync(join(functions, 'src'), { recursive: true });
  writeFileSync(
    join(root, 'firebase.json'),
    JSON.stringify({ functions: [{ source: 'functions', codebase: 'default', runtime: 'nodejs22' }] }, null, 2),
  );
  const pkg = {
    name: 'functions',
    private: true,
    type: 'module',
    main: 'lib/index.js',
    engines: { node: '22' },
    scripts: { build: 'tsc' },
    dependencies: {
      '@callable-flows/kit': `file:${tarballs.kit}`,
      '@callable-flows/protocol': `file:${tarballs.protocol}`,
      'firebase-admin': deployed.dependencies['firebase-admin'],
      'firebase-functions': deployed.dependencies['firebase-functions'],
      zod: deployed.dependencies.zod,
    },
    devDependencies: { typescript: '^5.9.3' },
    // The kit's own dependency on the protocol is the tarball too, never a registry package of that name.
    overrides: { '@callable-flows/protocol': '$@callable-flows/protocol' },
  };
  writeFileSync(join(functions, 'package.json'), JSON.stringify(pkg, null, 2));
  writeFileSync(join(functions, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  writeFileSync(join(functions, 'src/index.ts'), INDEX_TS);
  return functions;
}

describe.skipIf(!host)('a Firebase project of its own adopts the kit from its tarballs', () => {
  let root = '';
  let emulator: FunctionsEmulator | undefined;
  let app: FirebaseApp | undefined;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'callable-flows-adopter-'));
    const functions = writeProject(root, packTarballs(root));
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], functions);
    run('npm', ['run', 'build', '--silent'], functions);
    emulator = await startFunctionsEmulator({
      projectId,
      firestoreHost: host as string,
      source: functions,
      importData: false,
    });
  }, 600_000);

  afterAll(async () => {
    if (app) await deleteApp(app);
    await emulator?.stop();
    // KEEP_ADOPTER=1 keeps the project, to look into a failure.
    if (root && process.env.KEEP_ADOPTER !== '1') rmSync(root, { recursive: true, force: true });
  });

  it('installs only what it declares: the tarballs carry dist, the rules and indexes, no tests or test utilities', () => {
    const kit = join(root, 'functions/node_modules/@callable-flows/kit');
    const files = run('find', ['.', '-type', 'f'], kit).split('\n').filter(Boolean);
    expect(files).toContain('./dist/index.js');
    expect(files).toContain('./dist/index.d.ts');
    expect(files).toContain('./firestore.rules');
    expect(files).toContain('./firestore.indexes.json');
    expect(files.filter((f) => f.includes('test-utils') || f.includes('.test.') || f.startsWith('./src/'))).toEqual([]);
  });

  it('asks the person, and runs the refund once when they approve', async () => {
    app = initializeApp({ projectId, apiKey: 'demo-api-key' }, `adopter-${projectId}`);
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://127.0.0.1:${emulator?.authPort}`, { disableWarnings: true });
    await createUserWithEmailAndPassword(auth, 'adopter@example.com', 'adopter-password');
    const functions = getFunctions(app, 'us-central1');
    connectFunctionsEmulator(functions, '127.0.0.1', emulator?.functionsPort as number);
    const call = httpsCallable<unknown, Record<string, unknown>>(functions, 'refundAgent');

    const first = (await call({ message: 'Please refund order A-1' })).data as {
      sessionId: string;
      status: string;
      interrupts: { ref: string; name: string; input: unknown; metadata: unknown }[];
    };
    expect(first.status).toBe('interrupted');
    expect(first.interrupts).toEqual([
      expect.objectContaining({ name: 'refund', input: { orderId: 'A-1' }, metadata: { question: 'Refund A-1?' } }),
    ]);

    const interrupt = first.interrupts[0] as { ref: string; name: string };
    const resumed = (
      await call({ sessionId: first.sessionId, resume: { restart: [{ ref: interrupt.ref, name: interrupt.name }] } })
    ).data as { status: string; text: string };
    expect(resumed).toEqual(expect.objectContaining({ status: 'done', text: 'The refund is done.' }));

    const refund = await fetch(`http://${host}/v1/projects/${projectId}/databases/(default)/documents/refunds/A-1`, {
      headers: { authorization: 'Bearer owner' },
    });
    expect(refund.status).toBe(200);
  }, 120_000);
});
