import {
  addUsage,
  type GenerateResult,
  generate,
  isInterrupted,
  resolveToolRequests,
  type ToolCallScope,
} from '../generate/index.js';
import { type Message, type Part, type ToolResponsePart, textOf, toolRequestsOf, type Usage } from '../model/index.js';
import type { Summary } from '../session/session-schema.js';
import type { TurnRecorder } from '../trace/index.js';
import type { AgentCallContext, AgentTurnResult } from './agent.js';
import type { AgentRuntime } from './agent-runtime.js';
import type { StartedTurn } from './begin-turn.js';
import { summariseHistory } from './summarise-history.js';
import { summaryCut } from './summary-cut.js';
import { toPendingInterrupt, toTurnResult } from './to-turn-result.js';
import { TurnLedger } from './tool-ledger.js';
import type { TurnWriter } from './turn-writer.js';

/** What a turn produced: the history to store, the summary to keep, the result for the caller. */
export interface TurnOutcome {
  history: Message[];
  summary: Summary | undefined;
  result: AgentTurnResult;
}

function systemWith(system: string | Part[] | undefined, summary: Summary | undefined): string | Part[] | undefined {
  if (!summary) return system;
  const note = `Summary of the earlier conversation (its messages are not shown):\n${summary.text}`;
  if (system === undefined) return note;
  return typeof system === 'string' ? `${system}\n\n${note}` : [...system, { text: `\n\n${note}` }];
}

/** Summarises older turns when compression is on and it is time; the new summary, else the old one. */
async function compress(
  rt: AgentRuntime,
  writer: TurnWriter,
  usage: Usage,
  signal: AbortSignal,
): Promise<Summary | undefined> {
  const { history, summary } = writer.session;
  const c = rt.compression;
  if (!c) return summary;
  const upTo = summary?.upTo ?? 0;
  const cut = summaryCut(history, upTo, c.keepTurns, c.triggerTurns);
  if (cut === undefined) return summary;
  const written = await summariseHistory({
    model: c.model,
    instructions: c.instructions,
    ...(summary ? { previous: summary.text } : {}),
    messages: history.slice(upTo, cut),
    maxChars: c.maxSummaryChars,
    signal,
  });
  addUsage(usage, written.usage);
  return { text: written.text, upTo: cut, at: rt.timing.clock() };
}

/** A retried turn that stopped after storing a model message whose tool requests never got answers. */
function unansweredTail(messages: readonly Message[]): Message | undefined {
  const last = messages.at(-1);
  const requests = toolRequestsOf(last);
  return last?.role === 'model' && requests.length && !requests.some(isInterrupted) ? last : undefined;
}

/**
 * Runs one turn under its lease: compression (new turns only), the tool calls a cut-short
 * turn left unanswered (through the ledger), then the generate loop with the session's
 * history, the resume and the ledger; `recorder` sees every model and tool call.
 */
export async function runTurn(
  rt: AgentRuntime,
  writer: TurnWriter,
  turn: StartedTurn,
  ctx: AgentCallContext,
  recorder?: TurnRecorder,
): Promise<TurnOutcome> {
  const signal = ctx.signal ? AbortSignal.any([writer.signal, ctx.signal]) : writer.signal;
  const usage: Usage = {};
  const summary = turn.kind === 'message' ? await compress(rt, writer, usage, signal) : writer.session.summary;
  const base = writer.session.history.slice(0, summary?.upTo ?? 0);
  const toStored = (messages: readonly Message[]): Message[] => [
    ...base,
    ...messages.filter((m) => m.role !== 'system'),
  ];
  const ledger = new TurnLedger({
    store: rt.store,
    writer,
    storedRefs: turn.storedRefs,
    toStored,
    clock: rt.timing.clock,
    ttlMs: rt.ledgerTtlMs,
  });
  const context = ctx.context ?? {};
  // The recorder is outermost: a tool answered from the ledger still shows as a step.
  const toolMiddleware = recorder ? [recorder.toolMiddleware, ledger.toolMiddleware] : [ledger.toolMiddleware];
  const use = recorder ? [ledger.modelMiddleware, recorder.use, ...rt.use] : [ledger.modelMiddleware, ...rt.use];
  let messages = writer.session.history.slice(base.length);
  const tail = turn.kind === 'retry' ? unansweredTail(messages) : undefined;
  if (tail) {
    const scope: ToolCallScope = { tools: rt.toolMap, context, signal, middleware: toolMiddleware };
    const onChunk = ctx.onChunk;
    const emit = onChunk && ((r: ToolResponsePart) => onChunk({ index: 0, role: 'tool', content: [r] }));
    const round = await resolveToolRequests(tail, scope, emit);
    if (round.interruptedMessage) {
      const history = toStored([...messages.slice(0, -1), round.interruptedMessage]);
      const result: AgentTurnResult = {
        sessionId: writer.session.id,
        status: 'interrupted',
        finishReason: 'interrupted',
        text: textOf(round.interruptedMessage.content),
        interrupts: round.interrupts.map(toPendingInterrupt),
        usage,
      };
      return { history, summary, result };
    }
    messages = [...messages, round.toolMessage];
  }
  const generated: GenerateResult = await generate({
    model: rt.model,
    system: systemWith(rt.system, summary),
    messages,
    tools: rt.tools,
    maxTurns: rt.maxTurns,
    ...(rt.config ? { config: rt.config } : {}),
    ...(rt.output ? { output: rt.output } : {}),
    use,
    toolMiddleware,
    ...(turn.plan.resume ? { resume: turn.plan.resume } : {}),
    ...(ctx.onChunk ? { onChunk: ctx.onChunk } : {}),
    signal,
    context,
  });
  addUsage(usage, generated.usage);
  return {
    history: toStored(generated.messages),
    summary,
    result: { ...toTurnResult(writer.session.id, generated), usage },
  };
}
