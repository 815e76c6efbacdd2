import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Approval, type FlowClient, flow, watchApprovals } from '@callable-flows/client';
import { type FakeGemini, startFakeGemini } from '@callable-flows/kit/test-utils/fake-gemini/index.js';
import { type FirestoreEmulator, startFirestoreEmulator } from '@callable-flows/kit/test-utils/firestore-emulator.js';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { type App, deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceSecretName } from '../instance-secret.js';
import { startToolsMcpServer, type ToolsMcpServer } from '../test-utils/tools-mcp-server.js';
import { agentMove } from './test-utils/agent-model.js';
import { type GoogleApisStandIn, startGoogleApisStandIn } from './test-utils/google-apis-stand-in.js';
import { type KitProject, makeKitProject } from './test-utils/kit-project.js';
import { type LoopbackRegistry, startLoopbackRegistry } from './test-utils/loopback-registry.js';
import { run } from './test-utils/run.js';

// The kit the way a Firebase developer gets it: the packages published to a registry on loopback,
// installed by the Firebase CLI into a project of its own, configured per instance, served by the
// emulators and driven with the Firebase JS SDK. Offline: the CLI's token is any string
// (FIREBASE_TOKEN), the Google APIs the uninstall asks are a loopback stand-in, npm goes to the
// loopback registry (which proxies only packages not ours), Gemini is the fake server.

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const PROJECT_ID = 'demo-agent-kit';
const KIT = 'agent-kit';
const MCP_KEY = 'mcp-key-for-the-test';
const PASSWORD = 'password-1';

let dir: string;
let registry: LoopbackRegistry;
let standIn: GoogleApisStandIn;
let firestore: FirestoreEmulator;
let gemini: FakeGemini;
let support: ToolsMcpServer;
let ops: ToolsMcpServer;
let project: KitProject;
let admin: App;
const apps: FirebaseApp[] = [];

/** An instance's secrets in `.secret.local`, under its own names (instance-secret.ts). */
function secretsOf(instanceId: string, geminiKey: string, mcpKey: string): Record<string, string> {
  const env = { FIREBASE_KIT_INSTANCE_ID: instanceId };
  return {
    [instanceSecretName('GEMINI_API_KEY', env)]: geminiKey,
    [instanceSecretName('AGENT_MCP_HEADERS', env)]: JSON.stringify({ tools: { authorization: `Bearer ${mcpKey}` } }),
  };
}

async function publishPackages(): Promise<void> {
  const tarballs = join(dir, 'tarballs');
  mkdirSync(tarballs);
  // Each package's `prepack` builds it, as `npm publish` from a clean clone would.
  await run(
    'npm',
    ['pack', '-w', 'protocol', '-w', 'kit', '-w', 'client', '-w', 'agent-kit', '--pack-destination', tarballs],
    REPO_ROOT,
  );
  for (const file of readdirSync(tarballs)) await registry.publish(join(tarballs, file));
}

async function startEmulators(): Promise<void> {
  await project.startEmulators({
    FIRESTORE_EMULATOR_HOST: firestore.host,
    GOOGLE_GEMINI_BASE_URL: gemini.url,
    METADATA_SERVER_DETECTION: 'none',
  });
}

/** A user of the auth emulator, signed in on a Firebase JS SDK app of their own. */
async function signIn(uid: string, claims?: Record<string, boolean>) {
  const auth = getAdminAuth(admin);
  const email = `${uid}@example.com`;
  await auth.createUser({ uid, email, password: PASSWORD }).catch(() => undefined);
  if (claims) await auth.setCustomUserClaims(uid, claims);
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, `${uid}-${apps.length}`);
  apps.push(app);
  const clientAuth = getAuth(app);
  connectAuthEmulator(clientAuth, `http://127.0.0.1:${project.ports.auth}`, { disableWarnings: true });
  await signInWithEmailAndPassword(clientAuth, email, PASSWORD);
  const functions = getFunctions(app, 'us-central1');
  connectFunctionsEmulator(functions, '127.0.0.1', project.ports.functions);
  const db = getFirestore(app);
  const [host, port] = firestore.host.split(':');
  connectFirestoreEmulator(db, host as string, Number(port));
  return { functions, db };
}

/** The first approval that waits for `target` in `collection`, as the approver's app reads it. */
function firstApproval(
  db: ReturnType<typeof getFirestore>,
  target: { uid: string } | { claim: string },
  collection: string,
): Promise<Approval> {
  return new Promise((resolvePromise, reject) => {
    const stop = watchApprovals(
      db,
      target,
      {
        next(approvals) {
          const [approval] = approvals;
          if (!approval) return;
          stop();
          resolvePromise(approval);
        },
        error: reject,
      },
      { collection },
    );
  });
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}:\n${project.emulatorOutput().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function documentCount(collection: string): Promise<number> {
  return (await getAdminFirestore(admin).collection(collection).get()).size;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-kit-install-'));
  mkdirSync(join(dir, 'registry'));
  mkdirSync(join(dir, 'project'));
  [registry, standIn, firestore, gemini, support, ops] = await Promise.all([
    startLoopbackRegistry(join(dir, 'registry')),
    startGoogleApisStandIn(),
    startFirestoreEmulator(),
    startFakeGemini(),
    startToolsMcpServer('refundOrder', MCP_KEY),
    startToolsMcpServer('restartService', MCP_KEY),
  ]);
  gemini.answerWith(agentMove);
  await publishPackages();
  project = await makeKitProject({
    dir: join(dir, 'project'),
    projectId: PROJECT_ID,
    cliEnv: {
      FIREBASE_CLI_EXPERIMENTS: 'kits',
      FIREBASE_TOKEN: 'offline-token',
      // The CLI skips its message of the day (a request to firebase-public.firebaseio.com) under CI.
      CI: 'true',
      npm_config_registry: registry.url,
      ...standIn.env,
    },
  });
  // No lookup of Google's metadata server from this process (firebase-admin's credential detection).
  process.env.METADATA_SERVER_DETECTION = 'none';
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${project.ports.auth}`;
  process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
  admin = initializeAdminApp({ projectId: PROJECT_ID }, 'agent-kit-admin');
}, 900_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  if (admin) await deleteAdminApp(admin);
  await project?.stopEmulators();
  await Promise.all([
    registry?.stop(),
    standIn?.close(),
    firestore?.stop(),
    gemini?.close(),
    support?.close(),
    ops?.close(),
  ]);
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  delete process.env.FIRESTORE_EMULATOR_HOST;
  delete process.env.METADATA_SERVER_DETECTION;
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('@callable-flows/agent-kit installed by the Firebase CLI', () => {
  let supportSession: string;

  it('installs from the registry, waits for the configured approver across a cold start, and runs the tool once', async () => {
    const installed = await project.firebase([
      'functions:kits:install',
      '--package',
      '@callable-flows/agent-kit',
      '--non-interactive',
      '--force',
      '--no-configure',
    ]);
    expect(installed).toContain('kit-agent-kit-agent');
    expect(installed).toContain('cloudtasks.googleapis.com');
    expect(Object.keys(project.instances(KIT))).toEqual([KIT]);
    project.writeParams(KIT, KIT, {
      FUNCTION_DEFAULT_REGION: 'us-central1',
      AGENT_MCP_SERVERS: `tools=${support.url}`,
      AGENT_APPROVAL_TOOLS: 'tools_refundOrder',
      AGENT_APPROVERS: 'uids:mary',
    });
    project.writeLocalSecrets(KIT, secretsOf(KIT, 'fake-key', MCP_KEY));
    await startEmulators();

    const alice: FlowClient = flow((await signIn('alice')).functions, 'kit-agent-kit-agent');
    const asked = await alice.send('Please refund order-7');
    expect(asked).toMatchObject({ status: 'interrupted', interrupts: [{ name: 'tools_refundOrder' }] });
    supportSession = asked.sessionId;
    expect(support.effects.size).toBe(0);

    // A cold start: every instance of every function is gone; the turn waits in Firestore.
    await project.stopEmulators();
    await startEmulators();

    const mary = await signIn('mary');
    const approval = await firstApproval(mary.db, { uid: 'mary' }, 'agent-kit_approvals');
    expect(approval).toMatchObject({ sessionId: supportSession, tool: 'tools_refundOrder', ownerUid: 'alice' });
    const aliceAgain: FlowClient = flow((await signIn('alice')).functions, 'kit-agent-kit-agent');
    await expect(aliceAgain.answerApproval(approval, { kind: 'approve' })).rejects.toMatchObject({
      reason: 'NOT_ALLOWED',
    });
    const answered = await flow(mary.functions, 'kit-agent-kit-agent').answerApproval(approval, { kind: 'approve' });
    expect(answered.status).toBe('answered');

    await until(async () => {
      const session = await getAdminFirestore(admin).doc(`agent-kit_sessions/${supportSession}`).get();
      return session.get('status') === 'idle';
    }, 'the approved turn to end');
    expect([...support.effects.values()]).toEqual([{ tool: 'refundOrder', target: 'order-7' }]);
    expect(support.refused).toBe(0);
  }, 900_000);

  it('serves a second instance with its own params beside the first, sharing nothing', async () => {
    await project.stopEmulators();
    await project.firebase([
      'functions:kits:install',
      '--package',
      '@callable-flows/agent-kit',
      '--non-interactive',
      '--force',
      '--no-configure',
    ]);
    const opsId = Object.keys(project.instances(KIT)).find((id) => id !== KIT) as string;
    expect(opsId).toMatch(/^agent-kit-/);
    project.writeParams(KIT, opsId, {
      FUNCTION_DEFAULT_REGION: 'us-central1',
      AGENT_SYSTEM_PROMPT: 'You run operations.',
      AGENT_MCP_SERVERS: `tools=${ops.url}`,
      AGENT_APPROVERS: 'claim:oncall',
      AGENT_COLLECTION_PREFIX: 'ops_',
    });
    project.writeLocalSecrets(KIT, { ...secretsOf(KIT, 'fake-key', MCP_KEY), ...secretsOf(opsId, 'ops-key', MCP_KEY) });
    await startEmulators();

    const bob: FlowClient = flow((await signIn('bob')).functions, `kit-${opsId}-agent`);
    const asked = await bob.send('Restart api');
    expect(asked).toMatchObject({ status: 'interrupted', interrupts: [{ name: 'tools_restartService' }] });
    const carol = await signIn('carol', { oncall: true });
    const approval = await firstApproval(carol.db, { claim: 'oncall' }, 'ops_approvals');
    await flow(carol.functions, `kit-${opsId}-agent`).answerApproval(approval, { kind: 'approve' });
    await until(() => ops.effects.size === 1, 'the ops tool to run');

    expect([...ops.effects.values()]).toEqual([{ tool: 'restartService', target: 'api' }]);
    expect(support.effects.size).toBe(1);
    expect(await documentCount('ops_sessions')).toBe(1);
    expect(await documentCount('agent-kit_sessions')).toBe(1);
    const opsRequests = gemini.requests.filter((r) =>
      JSON.stringify(r.body.systemInstruction ?? '').includes('You run operations.'),
    );
    expect(opsRequests.length).toBeGreaterThan(0);
  }, 600_000);

  it('uninstalls an instance for the project, then the kit, asking the (stand-in) Cloud Functions API what is deployed', async () => {
    await project.stopEmulators();
    const opsId = Object.keys(project.instances(KIT)).find((id) => id !== KIT) as string;
    const opsConfig = join(project.dir, 'function-kits', KIT, `config-${opsId}`);
    // The functions emulator wrote the params it resolved to `.env.local`, which the CLI counts as
    // the configuration of another "project" (local): `--instance` removes this project's only.
    expect(existsSync(join(opsConfig, '.env.local'))).toBe(true);
    const uninstalled = await project.firebase([
      'functions:kits:uninstall',
      '--instance',
      opsId,
      '--non-interactive',
      '--force',
    ]);
    expect(existsSync(join(opsConfig, `.env.${PROJECT_ID}`)), uninstalled).toBe(false);
    expect(standIn.requests).toContain(`GET /v1/projects/${PROJECT_ID}/locations/-/functions`);

    await project.firebase(['functions:kits:uninstall', '--kit', KIT, '--non-interactive', '--force']);
    expect(existsSync(join(project.dir, 'function-kits', KIT))).toBe(false);
    expect(() => project.instances(KIT)).toThrow(`no kit ${KIT}`);
  }, 300_000);
});
