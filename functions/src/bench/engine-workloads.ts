import { generate } from '@callable-flows/kit/generate/index.js';
import { defineModel, type Message, type Model } from '@callable-flows/kit/model/index.js';
import { benchProtocolReply } from '@callable-flows/kit/test-utils/bench-protocol-reply.js';
import type { Tool } from '@callable-flows/kit/tools/index.js';
import { type FloorTool, floorLoop } from './floor-loop.js';
import type { GenkitProtocol, ProtocolToolName } from './genkit/genkit-protocol.js';
import { genkitProtocol, toGenkitMessages } from './genkit/genkit-protocol.js';
import type { GenkitInstall } from './genkit/load-genkit.js';
import { type CallCounter, protocolTools } from './protocol-tools.js';

/** What one iteration of a workload ended with, checked against the workload's expectation. */
export interface Outcome {
  text: string;
  finishReason: string;
  modelCalls: number;
  toolCalls: number;
}

/** The sides a workload runs on: the kit with sync or async tools, the floor, and Genkit. */
export type Side = 'kit' | 'kit-async' | 'floor' | 'genkit';

/** One workload of the protocol, on each side. */
export interface Workload {
  id: string;
  what: string;
  expected: Outcome;
  sides: Partial<Record<Side, () => Promise<Outcome>>>;
}

const done = (rounds: number, results: number): string => `done: ${rounds} tool round(s), ${results} tool result(s)`;

function priorConversation(pairs: number): Message[] {
  const messages: Message[] = [];
  for (let i = 0; i < pairs; i++) {
    messages.push({ role: 'user', content: [{ text: `question ${i}` }] });
    messages.push({ role: 'model', content: [{ text: `answer ${i}` }] });
  }
  return messages;
}

type Counted = { text: string; finishReason: string };

/** The kit's side of every workload, with tools that answer sync or async. */
function kitSide(timing: 'sync' | 'async') {
  const counter: CallCounter & { model: number } = { tools: 0, model: 0 };
  const model: Model = defineModel(
    { name: 'bench/scripted', supports: { multiturn: true, tools: true, systemRole: true, constrained: 'none' } },
    async (request) => {
      counter.model++;
      return benchProtocolReply(request);
    },
  );
  const tools = protocolTools(counter, timing);
  const counted = async (run: () => Promise<Counted>): Promise<Outcome> => {
    counter.model = 0;
    counter.tools = 0;
    const r = await run();
    return { text: r.text, finishReason: r.finishReason, modelCalls: counter.model, toolCalls: counter.tools };
  };
  const pick = (names: readonly ProtocolToolName[]): Tool[] => names.map((name) => tools[name]);
  return {
    simple: (prompt: string, messages: Message[], names: readonly ProtocolToolName[]) => {
      const offered = pick(names);
      return () => counted(() => generate({ model, messages, prompt, tools: offered }));
    },
    interrupted: (tool: 'confirm' | 'guarded') => {
      const offered = pick([tool]);
      return () =>
        counted(async () => {
          const first = await generate({ model, prompt: `script: ${tool}*1`, tools: offered });
          const pending = first.interrupts[0];
          if (!pending) throw new Error(`kit ${tool}: no interrupt`);
          const resume =
            tool === 'confirm'
              ? { respond: [tools.confirm.respond(pending, { ok: true })] }
              : { restart: [tools.guarded.restart(pending)] };
          return generate({ model, messages: first.messages, tools: offered, resume });
        });
    },
  };
}

/** The floor's side: the smallest hand-written loop over the same model and (sync) tools. */
function floorSide() {
  const counter: CallCounter = { tools: 0 };
  const all: Record<string, FloorTool> = {
    lookup: ({ id }) => {
      counter.tools++;
      return { value: id.length };
    },
    guarded: ({ id }, resumed) => {
      counter.tools++;
      return resumed ? { value: id.length } : 'interrupt';
    },
  };
  const pick = (names: readonly ProtocolToolName[]) =>
    Object.fromEntries(names.flatMap((n) => (all[n] ? [[n, all[n]]] : []))) as Record<string, FloorTool>;
  const counted = async (run: () => Promise<Counted & { modelCalls: number }>): Promise<Outcome> => {
    counter.tools = 0;
    const r = await run();
    return { text: r.text, finishReason: r.finishReason, modelCalls: r.modelCalls, toolCalls: counter.tools };
  };
  const user = (text: string): Message[] => [{ role: 'user', content: [{ text }] }];
  return {
    simple: (prompt: string, messages: Message[], names: readonly ProtocolToolName[]) => {
      const tools = pick(names);
      return () => counted(() => floorLoop([...messages, ...user(prompt)], tools));
    },
    interrupted: (tool: 'confirm' | 'guarded') => {
      const tools = pick([tool]);
      return () =>
        counted(async () => {
          const first = await floorLoop(user(`script: ${tool}*1`), tools);
          const resume = tool === 'confirm' ? { respond: { ok: true } } : { restart: true };
          const second = await floorLoop(first.messages, tools, resume);
          return { ...second, modelCalls: first.modelCalls + second.modelCalls };
        });
    },
  };
}

/** Genkit's side, through its own API (`genkit/beta`), with async tools. */
function genkitSide(install: GenkitInstall) {
  const counter = { model: 0, tools: 0 };
  const genkit: GenkitProtocol = genkitProtocol(install, counter);
  const counted = async (run: () => Promise<Counted>): Promise<Outcome> => {
    counter.model = 0;
    counter.tools = 0;
    const r = await run();
    return { text: r.text, finishReason: r.finishReason, modelCalls: counter.model, toolCalls: counter.tools };
  };
  return {
    simple: (prompt: string, messages: Message[], names: readonly ProtocolToolName[]) => {
      const converted = toGenkitMessages(messages);
      return () => counted(() => genkit.simple(prompt, converted, names));
    },
    interrupted: (tool: 'confirm' | 'guarded') => () => counted(() => genkit.interrupted(tool)),
  };
}

/**
 * The workloads of docs/bench-protocol.md on the kit (sync and async tools), the floor and, with
 * an install, Genkit. Every side is offered exactly the tools the workload uses.
 */
export function workloads(genkitInstall?: GenkitInstall): Workload[] {
  const sides = {
    kit: kitSide('sync'),
    'kit-async': kitSide('async'),
    floor: floorSide(),
    ...(genkitInstall && { genkit: genkitSide(genkitInstall) }),
  };
  const names = Object.keys(sides) as Side[];
  const prior = priorConversation(50);
  const simple = (
    id: string,
    prompt: string,
    tools: ProtocolToolName[],
    expected: Outcome,
    messages: Message[] = [],
  ): Workload => ({
    id,
    what: prompt,
    expected,
    sides: Object.fromEntries(names.map((side) => [side, sides[side]?.simple(prompt, messages, tools)])),
  });
  const interrupted = (id: string, tool: 'confirm' | 'guarded', expected: Outcome): Workload => ({
    id,
    what: `script: ${tool}*1, interrupted, then resumed with ${tool === 'confirm' ? 'respond {ok:true}' : 'restart'}`,
    expected,
    sides: Object.fromEntries(names.map((side) => [side, sides[side]?.interrupted(tool)])),
  });
  const stop = (text: string, modelCalls: number, toolCalls: number): Outcome => ({
    text,
    finishReason: 'stop',
    modelCalls,
    toolCalls,
  });
  return [
    simple('a', 'hello', [], stop('echo: hello', 1, 0)),
    simple('b1', 'script: lookup*1', ['lookup'], stop(done(1, 1), 2, 1)),
    simple('b8', 'script: lookup*8', ['lookup'], stop(done(1, 8), 2, 8)),
    simple('b1>8', 'script: lookup*1 > lookup*8', ['lookup'], stop(done(2, 9), 3, 9)),
    interrupted('c-respond', 'confirm', stop(done(1, 1), 2, 0)),
    interrupted('c-restart', 'guarded', stop(done(1, 1), 2, 2)),
    {
      ...simple('d', 'script: lookup*8', ['lookup'], stop(done(1, 8), 2, 8), prior),
      what: 'b8 after 50 prior user/model pairs',
    },
  ];
}

/** Throws when an iteration's outcome is not the workload's expectation. */
export function checker(workload: Workload, side: string): (o: Outcome) => void {
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
