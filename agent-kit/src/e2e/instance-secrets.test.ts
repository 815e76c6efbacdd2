import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flow } from '@callable-flows/client';
import { type FakeGemini, startFakeGemini } from '@callable-flows/kit/test-utils/fake-gemini/index.js';
import { type FirestoreEmulator, startFirestoreEmulator } from '@callable-flows/kit/test-utils/firestore-emulator.js';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolsMcpServer, type ToolsMcpServer } from '../test-utils/tools-mcp-server.js';
import { agentMove } from './test-utils/agent-model.js';
import { type KitProject, makeKitProject } from './test-utils/kit-project.js';

// Two instances of the kit in one project, each with its own Gemini key and MCP server key, served
// by the functions emulator from the one `.secret.local` of the kit's source (the only secrets file
// firebase-tools' emulator reads for a kit). Each instance's calls carry its own secrets, and no
// server refuses a call for a key that was another instance's.

const PROJECT_ID = 'demo-agent-kit-secrets';
const KIT = 'agent-kit';
const INSTANCES = ['support', 'ops-team'] as const;
const GEMINI_KEY = { support: 'gemini-key-support', 'ops-team': 'gemini-key-ops' } as const;
const MCP_KEY = { support: 'mcp-key-support', 'ops-team': 'mcp-key-ops' } as const;

let dir: string;
let firestore: FirestoreEmulator;
let gemini: FakeGemini;
const servers = {} as Record<(typeof INSTANCES)[number], ToolsMcpServer>;
let project: KitProject;
let app: FirebaseApp;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'agent-kit-secrets-'));
  mkdirSync(join(dir, 'project'));
  [firestore, gemini, servers.support, servers['ops-team']] = await Promise.all([
    startFirestoreEmulator(),
    startFakeGemini(),
    startToolsMcpServer('refundOrder', MCP_KEY.support),
    startToolsMcpServer('restartService', MCP_KEY['ops-team']),
  ]);
  gemini.answerWith(agentMove);
  project = await makeKitProject({ dir: join(dir, 'project'), projectId: PROJECT_ID, cliEnv: { CI: 'true' } });
  project.serveBuiltKit(KIT, INSTANCES);
  for (const id of INSTANCES) {
    // No approval: each tool runs at once, so the MCP server's key is used in the first turn.
    project.writeParams(KIT, id, { AGENT_MCP_SERVERS: `tools=${servers[id].url}`, AGENT_APPROVAL_TOOLS: '' });
  }
  project.writeLocalSecrets(KIT, {
    GEMINI_API_KEY_SUPPORT: GEMINI_KEY.support,
    AGENT_MCP_HEADERS_SUPPORT: JSON.stringify({ tools: { authorization: `Bearer ${MCP_KEY.support}` } }),
    GEMINI_API_KEY_OPS_TEAM: GEMINI_KEY['ops-team'],
    AGENT_MCP_HEADERS_OPS_TEAM: JSON.stringify({ tools: { authorization: `Bearer ${MCP_KEY['ops-team']}` } }),
  });
  await project.startEmulators({
    FIRESTORE_EMULATOR_HOST: firestore.host,
    GOOGLE_GEMINI_BASE_URL: gemini.url,
    METADATA_SERVER_DETECTION: 'none',
  });
  app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, 'instance-secrets');
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${project.ports.auth}`, { disableWarnings: true });
  // The kit takes signed-in accounts only, no anonymous users.
  await createUserWithEmailAndPassword(auth, 'alice@example.com', 'password-1');
}, 600_000);

afterAll(async () => {
  if (app) await deleteApp(app);
  await project?.stopEmulators();
  await Promise.all([firestore?.stop(), gemini?.close(), ...Object.values(servers).map((s) => s.close())]);
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('two instances of the kit in the emulator, each with its own secrets', () => {
  it('sends each instance’s model calls its own Gemini key and its MCP server its own headers', async () => {
    const functions = getFunctions(app, 'us-central1');
    connectFunctionsEmulator(functions, '127.0.0.1', project.ports.functions);
    for (const id of INSTANCES) {
      const before = gemini.requests.length;
      const result = await flow(functions, `kit-${id}-agent`).send(`Please act on target-${id}`);
      expect(result, project.emulatorOutput().slice(-3000)).toMatchObject({ status: 'done' });
      const keys = new Set(gemini.requests.slice(before).map((r) => r.headers['x-goog-api-key']));
      expect(keys).toEqual(new Set([GEMINI_KEY[id]]));
    }
    expect([...servers.support.effects.values()]).toEqual([{ tool: 'refundOrder', target: 'target-support' }]);
    expect([...servers['ops-team'].effects.values()]).toEqual([{ tool: 'restartService', target: 'target-ops-team' }]);
    expect(servers.support.refused + servers['ops-team'].refused).toBe(0);
  }, 300_000);
});
