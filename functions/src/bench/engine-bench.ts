import { generate } from '../kit/generate/index.js';
import { defineModel, type Message, type Model } from '../kit/model/index.js';
import { benchProtocolReply } from '../kit/models/scripted/index.js';
import type { BenchTable } from './bench-table.js';
import { type FloorTool, floorLoop } from './floor-loop.js';
import type { GenkitProtocol } from './genkit/genkit-protocol.js';
import { genkitProtocol, toGenkitMessages } from './genkit/genkit-protocol.js';
import { type GenkitInstall, loadGenkit } from './genkit/load-genkit.js';
import { type Measurement, measure, median } from './measure.js';
import { type CallCounter, protocolTools } from './protocol-tools.js';

interface Outcome {
  text: string;
  finishReason: string;
  modelCalls: number;
  toolCalls: number;
}

/** One workload of the protocol, on each side. */
export interface Workload {
  id: string;
  what: string;
  expected: Outcome;
  engine: () => Promise<Outcome>;
  floor: () => Promise<Outcome>;
  /** The same workload through Genkit's own API, when Genkit is in the run. */
  genkit?: () => Promise<Outcome>;
}

type Side = 'engine' | 'floor' | 'genkit';

const done = (rounds: number, results: number): string => `done: ${rounds} tool round(s), ${results} tool result(s)`;

function priorConversation(pairs: number): Message[] {
  const messages: Message[] = [];
  for (let i = 0; i < pairs; i++) {
    messages.push({ role: 'user', content: [{ text: `question ${i}` }] });
    messages.push({ role: 'model', content: [{ text: `answer ${i}` }] });
  }
  return messages;
}

/** The workloads of shared/bench-protocol.md: each runs the kit, the floor and (with an install) Genkit. */
export function workloads(genkitInstall?: GenkitInstall): Workload[] {
  const counter: CallCounter & { model: number } = { tools: 0, model: 0 };
  const model: Model = defineModel(
    { name: 'bench/scripted', supports: { multiturn: true, tools: true, systemRole: true, constrained: 'none' } },
    async (request) => {
      counter.model++;
      return benchProtocolReply(request);
    },
  );
  const { lookup, confirm, guarded } = protocolTools(counter);
  const tools = [lookup, confirm, guarded];
  const floorTools: Record<string, FloorTool> = {
    lookup: ({ id }) => {
      counter.tools++;
      return { value: id.length };
    },
    guarded: ({ id }, resumed) => {
      counter.tools++;
      return resumed ? { value: id.length } : 'interrupt';
    },
  };
  const prior = priorConversation(50);
  const genkitCounter = { model: 0, tools: 0 };
  const genkit: GenkitProtocol | undefined = genkitInstall && genkitProtocol(genkitInstall, genkitCounter);
  const genkitPrior = toGenkitMessages(prior);
  const genkitCounted = async (run: (g: GenkitProtocol) => Promise<{ text: string; finishReason: string }>) => {
    genkitCounter.model = 0;
    genkitCounter.tools = 0;
    const r = await run(genkit as GenkitProtocol);
    return {
      text: r.text,
      finishReason: r.finishReason,
      modelCalls: genkitCounter.model,
      toolCalls: genkitCounter.tools,
    };
  };

  const counted = async (run: () => Promise<{ text: string; finishReason: string }>): Promise<Outcome> => {
    counter.model = 0;
    counter.tools = 0;
    const r = await run();
    return { text: r.text, finishReason: r.finishReason, modelCalls: counter.model, toolCalls: counter.tools };
  };
  const floorCounted = async (run: () => Promise<{ text: string; finishReason: string; modelCalls: number }>) => {
    counter.tools = 0;
    const r = await run();
    return { text: r.text, finishReason: r.finishReason, modelCalls: r.modelCalls, toolCalls: counter.tools };
  };
  const user = (text: string): Message[] => [{ role: 'user', content: [{ text }] }];
  const simple = (id: string, prompt: string, expected: Outcome, messages: Message[] = []): Workload => ({
    id,
    what: prompt,
    expected,
    engine: () => counted(() => generate({ model, messages, prompt, tools })),
    floor: () => floorCounted(() => floorLoop([...messages, ...user(prompt)], floorTools)),
    ...(genkit && {
      genkit: () =>
        genkitCounted((g) => g.simple(prompt, messages === prior ? genkitPrior : toGenkitMessages(messages))),
    }),
  });
  const interrupted = (id: string, tool: 'confirm' | 'guarded', expected: Outcome): Workload => ({
    id,
    what: `script: ${tool}*1, interrupted, then resumed with ${tool === 'confirm' ? 'respond {ok:true}' : 'restart'}`,
    expected,
    engine: () =>
      counted(async () => {
        const first = await generate({ model, prompt: `script: ${tool}*1`, tools });
        const pending = first.interrupts[0];
        if (!pending) throw new Error(`${id}: no interrupt`);
        const resume =
          tool === 'confirm'
            ? { respond: [confirm.respond(pending, { ok: true })] }
            : { restart: [guarded.restart(pending)] };
        return generate({ model, messages: first.messages, tools, resume });
      }),
    floor: () =>
      floorCounted(async () => {
        const first = await floorLoop(user(`script: ${tool}*1`), floorTools);
        const second = await floorLoop(
          first.messages,
          floorTools,
          tool === 'confirm' ? { respond: { ok: true } } : { restart: true },
        );
        return { ...second, modelCalls: first.modelCalls + second.modelCalls };
      }),
    ...(genkit && { genkit: () => genkitCounted((g) => g.interrupted(tool)) }),
  });

  return [
    simple('a', 'hello', { text: 'echo: hello', finishReason: 'stop', modelCalls: 1, toolCalls: 0 }),
    simple('b1', 'script: lookup*1', { text: done(1, 1), finishReason: 'stop', modelCalls: 2, toolCalls: 1 }),
    simple('b8', 'script: lookup*8', { text: done(1, 8), finishReason: 'stop', modelCalls: 2, toolCalls: 8 }),
    simple('b1>8', 'script: lookup*1 > lookup*8', {
      text: done(2, 9),
      finishReason: 'stop',
      modelCalls: 3,
      toolCalls: 9,
    }),
    interrupted('c-respond', 'confirm', { text: done(1, 1), finishReason: 'stop', modelCalls: 2, toolCalls: 0 }),
    interrupted('c-restart', 'guarded', { text: done(1, 1), finishReason: 'stop', modelCalls: 2, toolCalls: 2 }),
    {
      ...simple(
        'd',
        'script: lookup*8',
        { text: done(1, 8), finishReason: 'stop', modelCalls: 2, toolCalls: 8 },
        prior,
      ),
      what: 'b8 after 50 prior user/model pairs',
    },
  ];
}

function checker(workload: Workload, side: string): (o: Outcome) => void {
  return (o) => {
    const e = workload.expected;
    if (
      o.text !== e.text ||
      o.finishReason !== e.finishReason ||
      o.modelCalls !== e.modelCalls ||
      o.toolCalls !== e.toolCalls
    ) {
      throw new Error(`${side} ${workload.id}: got ${JSON.stringify(o)}, expected ${JSON.stringify(e)}`);
    }
  };
}

const fmt = (us: number): string => us.toFixed(1);
const ratio = (a: number, b: number): string => (a / b).toFixed(2);

type Results = Map<string, Record<Side, Measurement[]>>;

/** Runs every workload `runs` times, its sides interleaved (kit, Genkit, floor) within each run. */
async function measureAll(list: Workload[], runs: number): Promise<Results> {
  const results: Results = new Map();
  for (let run = 0; run < runs; run++) {
    for (const w of list) {
      const entry = results.get(w.id) ?? { engine: [], floor: [], genkit: [] };
      entry.engine.push(await measure(w.engine, checker(w, 'engine')));
      if (w.genkit) entry.genkit.push(await measure(w.genkit, checker(w, 'Genkit')));
      entry.floor.push(await measure(w.floor, checker(w, 'floor')));
      results.set(w.id, entry);
    }
  }
  return results;
}

/** The median over runs of one figure of one side. */
function figure(results: Results, id: string, side: Side, key: keyof Measurement): number {
  return median((results.get(id) as Record<Side, Measurement[]>)[side].map((x) => x[key]));
}

const PROTOCOL_NOTES = (runs: number): string[] => [
  `200 warm-up + 2,000 timed iterations per workload and side; sides interleaved within each run; medians of ${runs} runs.`,
  'Each iteration is checked outside the timed region: final text, finish reason, model and tool call counts.',
  'Mean is the wall time of all timed iterations ÷ 2,000, so it includes the GC pauses that fell inside iterations; GC/iter is the gc entries of the PerformanceObserver over the timed loop ÷ 2,000.',
];

/** The engine workloads of shared/bench-protocol.md, engine and floor interleaved over `runs` runs. */
export async function runEngineBench(runs = 3): Promise<BenchTable> {
  const list = workloads();
  const results = await measureAll(list, runs);
  const rows = list.map((w) => {
    const f = (side: Side, key: keyof Measurement) => figure(results, w.id, side, key);
    return [
      w.id,
      w.what,
      fmt(f('engine', 'medianUs')),
      fmt(f('engine', 'meanUs')),
      fmt(f('engine', 'p90Us')),
      fmt(f('engine', 'p99Us')),
      fmt(f('engine', 'gcUsPerIteration')),
      fmt(f('floor', 'medianUs')),
      `${(f('engine', 'medianUs') / f('floor', 'medianUs')).toFixed(1)}×`,
    ];
  });
  return {
    title: 'Engine (shared/bench-protocol.md): µs per iteration',
    columns: ['id', 'workload', 'median', 'mean', 'p90', 'p99', 'GC/iter', 'floor median', 'engine/floor'],
    rows,
    notes: [
      ...PROTOCOL_NOTES(runs),
      'The aim is ≤ 10× the floor. Genkit, measured in the same process, is in the next table (`npm run bench -- vs-genkit`).',
      'Every model and tool call above runs in an OpenTelemetry span with no SDK registered (the no-op path); against the same build with spans compiled out it adds 2.7 % to the sum of the medians (measured 2026-11-30, three interleaved runs).',
    ],
  };
}

/**
 * The same workloads through the kit and through Genkit (bench-only install, its own API: `genkit({})`,
 * `ai.defineModel`, `ai.defineTool`, `ai.defineInterrupt`, `ai.generate` with `resume`), interleaved
 * in one process with the floor: both columns and their ratios (kit ÷ Genkit).
 */
export async function runVsGenkitEngineBench(runs = 3): Promise<BenchTable> {
  const install = loadGenkit();
  const list = workloads(install);
  const results = await measureAll(list, runs);
  const rows = list.map((w) => {
    const f = (side: Side, key: keyof Measurement) => figure(results, w.id, side, key);
    const pair = (key: keyof Measurement) => [
      fmt(f('engine', key)),
      fmt(f('genkit', key)),
      ratio(f('engine', key), f('genkit', key)),
    ];
    return [
      w.id,
      ...pair('medianUs'),
      ...pair('meanUs'),
      ...pair('p99Us'),
      ...pair('gcUsPerIteration'),
      fmt(f('floor', 'medianUs')),
      `${(f('engine', 'medianUs') / f('floor', 'medianUs')).toFixed(1)}×`,
    ];
  });
  return {
    title: `Engine against Genkit ${install.version}, one process, interleaved: µs per iteration (ratio = kit ÷ Genkit)`,
    columns: [
      'id',
      'kit median',
      'Genkit median',
      'ratio',
      'kit mean',
      'Genkit mean',
      'ratio',
      'kit p99',
      'Genkit p99',
      'ratio',
      'kit GC/iter',
      'Genkit GC/iter',
      'ratio',
      'floor median',
      'kit/floor',
    ],
    rows,
    notes: [
      ...PROTOCOL_NOTES(runs),
      `Genkit ${install.version} from the bench-only install in bench/genkit (never deployed), \`genkit({})\` from \`genkit/beta\` with its defaults, Node ${process.version}; both sides drive the same scripted model function and tools of the same behaviour.`,
      'Targets: kit mean ≤ 0.2× Genkit on every workload, kit GC/iter ≤ Genkit, kit median ≤ 10× the floor.',
    ],
  };
}
