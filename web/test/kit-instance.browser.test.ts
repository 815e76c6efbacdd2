import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeFirestoreFiles } from '@callable-flows/kit/setup/index.js';
import { type FakeGemini, startFakeGemini } from '@callable-flows/kit/test-utils/fake-gemini/index.js';
import { type FirestoreEmulator, startFirestoreEmulator } from '@callable-flows/kit/test-utils/firestore-emulator.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { agentMove } from '../../agent-kit/src/e2e/test-utils/agent-model.js';
import { type KitProject, makeKitProject } from '../../agent-kit/src/e2e/test-utils/kit-project.js';
import { startToolsMcpServer, type ToolsMcpServer } from '../../agent-kit/src/test-utils/tools-mcp-server.js';
import { AppPage } from './test-utils/app-page.js';
import { browserIt, DESKTOP, launchChromium, saveScreenshot } from './test-utils/browser.js';
import { startVite } from './test-utils/web-stack.js';

// The web app pointed at an instance of @callable-flows/agent-kit (issue 49): the Vite build names
// the instance (KIT_INSTANCE), so the page calls `kit-support-agent` and reads `support_sessions`
// under the instance's own rules. The instance is the repository's build of the kit, served by the
// functions emulator as the CLI's install lays it out (firebase.json's kit entry, the install
// template's source, the instance's config folder): the same function names, params, secrets and
// FIREBASE_KIT_INSTANCE_ID as an installed kit, without the registry and npm install the
// agent-kit's install e2e takes minutes for.

const PROJECT_ID = 'demo-web-kit';
const INSTANCE = 'support';
const PREFIX = `${INSTANCE}_`;
const MCP_KEY = 'web-kit-mcp-key';
const ALICE = { email: 'alice@example.com', password: 'alice-demo-pw' };

const skipReason = inject('browserSkipReason');
let dir: string;
let firestore: FirestoreEmulator;
let gemini: FakeGemini;
let tools: ToolsMcpServer;
let project: KitProject;
let vite: { url: string; stop(): Promise<void> } | undefined;
let browser: Browser | undefined;

/** The instance's rules, as `callable-flows-firestore --prefix support_` merges them, loaded into the jar. */
async function loadInstanceRules(): Promise<void> {
  mergeFirestoreFiles(project.dir, { prefix: PREFIX });
  const content = readFileSync(join(project.dir, 'firestore.rules'), 'utf8');
  const response = await fetch(`http://${firestore.host}/emulator/v1/projects/${PROJECT_ID}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content }] } }),
  });
  if (!response.ok) throw new Error(`loading the rules failed: ${response.status} ${await response.text()}`);
}

/** The demo account `?user=alice` signs in with, made in the auth emulator (it imports no demo data here). */
async function makeAlice(): Promise<void> {
  const url = `http://127.0.0.1:${project.ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ALICE, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`making alice failed: ${response.status} ${await response.text()}`);
}

async function start(): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'web-kit-'));
  mkdirSync(join(dir, 'project'));
  [firestore, gemini, tools] = await Promise.all([
    startFirestoreEmulator(),
    startFakeGemini(),
    startToolsMcpServer('refundOrder', MCP_KEY),
  ]);
  gemini.answerWith(agentMove);
  project = await makeKitProject({ dir: join(dir, 'project'), projectId: PROJECT_ID, cliEnv: { CI: 'true' } });
  project.serveBuiltKit('agent-kit', [INSTANCE]);
  project.writeParams('agent-kit', INSTANCE, {
    AGENT_MCP_SERVERS: `tools=${tools.url}`,
    AGENT_APPROVAL_TOOLS: 'tools_refundOrder',
    AGENT_APPROVERS: 'owner',
  });
  project.writeLocalSecrets('agent-kit', {
    GEMINI_API_KEY_SUPPORT: 'web-kit-gemini-key',
    AGENT_MCP_HEADERS_SUPPORT: JSON.stringify({ tools: { authorization: `Bearer ${MCP_KEY}` } }),
  });
  await loadInstanceRules();
  await project.startEmulators({
    FIRESTORE_EMULATOR_HOST: firestore.host,
    GOOGLE_GEMINI_BASE_URL: gemini.url,
    METADATA_SERVER_DETECTION: 'none',
  });
  await makeAlice();
  vite = await startVite({
    PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: firestore.host,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${project.ports.auth}`,
    FUNCTIONS_EMULATOR_HOST: `127.0.0.1:${project.ports.functions}`,
    KIT_INSTANCE: INSTANCE,
  });
  browser = await launchChromium();
}

async function stop(): Promise<void> {
  await browser?.close();
  await vite?.stop();
  await project?.stopEmulators();
  await Promise.all([firestore?.stop(), gemini?.close(), tools?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
}

describe.skipIf(skipReason !== '')('the web app pointed at an agent-kit instance (in Chromium)', () => {
  beforeAll(start, 600_000);
  afterAll(stop, 120_000);

  browserIt(
    'talks to kit-support-agent, shows the approval it waits for from support_sessions, and runs the tool once approved',
    () => browser as Browser,
    async (pages) => {
      const page = await pages.newUserPage(DESKTOP);
      const calls: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') calls.push(new URL(request.url()).pathname.split('/').at(-1) ?? '');
      });
      const app = await new AppPage(page).open((vite as { url: string }).url, '?user=alice');
      expect(await page.locator('h1').textContent()).toBe(`Agent ${INSTANCE}`);
      await app.send('Please refund order-7');
      const card = await app.approval('tools_refundOrder', 'waiting');
      expect(tools.effects.size).toBe(0);
      expect(calls).toContain(`kit-${INSTANCE}-agent`);
      expect(calls).not.toContain('orderAssistant');
      await app.idle();
      await saveScreenshot(page, 'kit-instance-approval-desktop');
      await card.locator('button.approve').click();
      await app.assistantSays('tools_refundOrder is done.');
      expect([...tools.effects.values()]).toEqual([{ tool: 'refundOrder', target: 'order-7' }]);
    },
  );
});
