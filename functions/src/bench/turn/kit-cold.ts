import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { geminiText, startFakeGemini } from '@callable-flows/kit/test-utils/fake-gemini/index.js';
import type { BenchTable } from '../bench-table.js';
import { median } from '../measure.js';
import { type ColdReport, epochMs, SPAWNED_AT_ENV } from './turn-cold-child.js';
import { MANIFEST_MESSAGE } from './turn-messages.js';

/** Fresh processes per row, the rows alternating round by round. */
const ROUNDS = 10;
const CHILD = new URL('./turn-cold-child.js', import.meta.url).pathname;
/** The agent-kit instance the bench runs, as the Firebase CLI would name it. */
const INSTANCE = 'bench';
/** What the fake Gemini answers every model call. */
const ANSWER = 'Hello from the model.';
/** The kit's cold first turn may take this much longer than the example's (median, whole process). */
const WITHIN = 0.1;

type Side = 'example' | 'agent-kit';

/** What each side's process gets besides the parent's environment: the same fake Gemini, each side's key. */
function sideEnv(side: Side, projectId: string, geminiUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GCLOUD_PROJECT: projectId,
    // The manifests' App Check is `unless-emulator`.
    FUNCTIONS_EMULATOR: 'true',
    METADATA_SERVER_DETECTION: 'none',
    GOOGLE_GEMINI_BASE_URL: geminiUrl,
  };
  delete env.NODE_COMPILE_CACHE;
  delete env.GEMINI_API_KEY;
  if (side === 'example') return { ...env, GEMINI_API_KEY: 'bench-key', GEMINI_FALLBACK_MODEL: 'none' };
  // The instance's params at their defaults (limits on), its secret under its own name.
  return { ...env, FIREBASE_KIT_INSTANCE_ID: INSTANCE, GEMINI_API_KEY_BENCH: 'bench-key' };
}

const run = promisify(execFile);

/** One cold child, waited for without blocking this process: the fake Gemini it calls answers from here. */
async function child<T>(args: string[], env: NodeJS.ProcessEnv): Promise<T> {
  let out: string;
  try {
    ({ stdout: out } = await run(process.execPath, [CHILD, ...args], {
      encoding: 'utf8',
      // The whole-process figure runs from here: node's start is part of a cold instance's time.
      env: { ...env, [SPAWNED_AT_ENV]: String(epochMs()) },
      maxBuffer: 16 * 1024 * 1024,
    }));
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    throw new Error(`cold child ${args.join(' ')} failed:\n${stderr.slice(-2000)}`);
  }
  // The report is the last line: the SDKs log to stdout before it.
  return JSON.parse(out.trim().split('\n').at(-1) as string) as T;
}

const VARIANT: Record<Side, string> = { example: 'kit-manifest', 'agent-kit': 'agent-kit' };

/**
 * The agent-kit instance's cold first turn against the example deployment's, the same way and in
 * the same run: each a fresh process that imports its deploy manifest and serves one text turn of
 * an existing session of its own user, both on Gemini (the fake server, one model call), the
 * sides alternating round by round; and the kit's readiness probe alone, in fresh processes.
 */
export async function runKitColdBench(): Promise<BenchTable> {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('the kit-cold bench needs FIRESTORE_EMULATOR_HOST');
  const gemini = await startFakeGemini();
  gemini.answerWith(() => ({ response: geminiText(ANSWER) }));
  const projectId = `demo-kit-cold-${Date.now().toString(36)}`;
  const env = {
    example: sideEnv('example', projectId, gemini.url),
    'agent-kit': sideEnv('agent-kit', projectId, gemini.url),
  };
  const reports: Record<Side | 'probe', ColdReport[]> = { example: [], 'agent-kit': [], probe: [] };
  const load: [number, number] = [loadavg()[0] as number, 0];
  try {
    const sessions = {} as Record<Side, { uid: string; sessionId: string }>;
    for (const side of ['example', 'agent-kit'] as const) {
      const uid = `kit-cold-${side}`;
      const args = [VARIANT[side], projectId, 'new', uid, MANIFEST_MESSAGE, ANSWER];
      sessions[side] = { uid, ...(await child<{ sessionId: string }>(args, env[side])) };
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of ['example', 'agent-kit'] as const) {
        const { uid, sessionId } = sessions[side];
        const args = [VARIANT[side], projectId, sessionId, uid, MANIFEST_MESSAGE, ANSWER];
        reports[side].push(await child<ColdReport>(args, env[side]));
      }
      reports.probe.push(await child<ColdReport>(['agent-kit-probe', projectId, '-', '-'], env['agent-kit']));
    }
  } finally {
    await gemini.close();
  }
  load[1] = loadavg()[0] as number;
  return kitColdTable(reports, load);
}

const f1 = (x: number) => x.toFixed(1);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function kitColdTable(reports: Record<Side | 'probe', ColdReport[]>, load: [number, number]): BenchTable {
  const ratio = (pick: (r: ColdReport) => number) =>
    median(reports['agent-kit'].map(pick)) / median(reports.example.map(pick));
  const [wall, cpu] = [ratio((r) => r.processMs), ratio((r) => r.processCpuMs)];
  const row = (label: string, r: ColdReport[], versus: string) => [
    label,
    `${f1(mean(r.map((x) => x.processMs)))} / ${f1(median(r.map((x) => x.processMs)))}`,
    f1(median(r.map((x) => x.processCpuMs))),
    f1(median(r.map((x) => x.importMs))),
    f1(median(r.map((x) => x.turnMs))),
    versus,
  ];
  const judged = (x: number) => `×${x.toFixed(2)} (${x <= 1 + WITHIN ? 'met' : 'NOT met'})`;
  return {
    title: "The agent-kit instance's cold first turn against the example deployment's, one run",
    columns: [
      'instance',
      'whole process ms, mean / median',
      'whole process CPU ms, median',
      'import ms, median',
      'first turn ms, median',
      `vs the example, medians (target ≤ ×${(1 + WITHIN).toFixed(2)}): whole process; its CPU`,
    ],
    rows: [
      row(
        'the example deployment (`functions/dist/index.js`, `orderAssistant`); no compile cache',
        reports.example,
        '—',
      ),
      row(
        `an agent-kit instance (\`agent-kit/dist/index.js\`, \`agent\`, FIREBASE_KIT_INSTANCE_ID=${INSTANCE}), its readiness probe included`,
        reports['agent-kit'],
        `${judged(wall)}; CPU ${judged(cpu)}`,
      ),
      row(
        "the agent-kit's readiness probe alone (`agent-kit/lib/firestore-ready.js`, unbundled: import, then one run)",
        reports.probe,
        '',
      ),
    ],
    notes: [
      `\`npm run bench -- kit-cold\` (scripts/bench.sh: the builds, an emulator, then \`node --expose-gc lib/bench/run.js kit-cold\` in functions/). N = ${ROUNDS} fresh processes per row (\`lib/bench/turn/turn-cold-child.js <variant>\`), the rows alternating round by round, measured as the turn suite's cold table: whole process from the parent's clock just before it spawns the child (node's start-up included) to the turn's result; CPU the child's \`process.cpuUsage()\` at the result. Load average (1 min) ${load[0].toFixed(2)} before, ${load[1].toFixed(2)} after.`,
      `The turn: \`${MANIFEST_MESSAGE}\`, a text turn of an existing session of the side's own user (opened by a process before the rounds), through the callable's \`run(request)\` (firebase-functions' handler without the HTTP layer); one model call to the repository's fake Gemini server on loopback (\`GOOGLE_GEMINI_BASE_URL\`), which answers \`${ANSWER}\` at once, so both sides load @google/genai and send one request. The example: its deploy manifest with \`GEMINI_API_KEY\` set (Gemini, no fallback model), limits on. The agent-kit: its deploy manifest with the instance's params at their defaults (limits on, no MCP server) and its secret \`GEMINI_API_KEY_${INSTANCE.toUpperCase()}\`; its first call makes the agent and runs the readiness probe (the one-document queries of its composite indexes, on the emulator, which serves them without indexes) before the turn.`,
      "On a shared machine the whole-process time is mostly waiting for a CPU (the load average above): the CPU column, the process's own work, compares the two builds more steadily.",
      "Neither side has a compile cache here (the example ships one primed at build: the turn suite's cold table has those rows).",
    ],
  };
}
