import { openRoundOf } from '../../call-state/index.js';
import {
  addUsage,
  type GenerateOptions,
  type GenerateResult,
  generate,
  type ToolMiddleware,
} from '../../generate/index.js';
import {
  type Artifact,
  type Message,
  markCheckedList,
  type Part,
  type StepObserver,
  type Usage,
} from '../../model/index.js';
import type { Session, Summary } from '../../session/session-schema.js';
import { journaledAnswer, toTurnResult } from '../call-records/index.js';
import { summariseHistory, summaryCut } from '../history/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentCallContext, AgentTurnResult, StartedTurn } from '../turn/index.js';
import { journaledEffects } from './journaled-effects.js';
import type { LiveWriter } from './live-writer.js';
import { sizeLimitsMiddleware } from './size-limits-middleware.js';
import type { TurnJournal } from './turn-journal.js';
import type { TurnWriter } from './turn-writer.js';
import { waitingBound } from './waiting-bound.js';

/** What a turn produced: the history and state to store, the summary to keep, the result for the caller. */
export interface FinishedTurn {
  history: Message[];
  state: unknown;
  /** The session's artifacts with the turn's versions; undefined when none was ever written. */
  artifacts: Artifact[] | undefined;
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
  writer.spend(written.usage);
  return { text: written.text, upTo: cut, at: rt.timing.clock() };
}

/**
 * Where a round's chunks go: the asking call's stream, and the live writer (every watcher's
 * words), which names the round by the history index its message will take and carries the
 * turn's steps the journal has not stored yet. With a live writer
 * the model streams even when the call doesn't.
 */
function chunksTo(
  onChunk: AgentCallContext['onChunk'],
  live: LiveWriter | undefined,
  journal: TurnJournal,
): { onChunk?: NonNullable<AgentCallContext['onChunk']> } {
  if (!live) return onChunk ? { onChunk } : {};
  return {
    onChunk: (chunk) => {
      live.add(chunk, journal.history.length, () => journal.unjournaled);
      onChunk?.(chunk);
    },
  };
}

/**
 * The generation's hooks into the journal: each model message journaled (ending its live words),
 * each tool result, and each model call's tokens, charged with the turn's next write.
 */
function journalHooks(
  journal: TurnJournal,
  writer: TurnWriter,
  live: LiveWriter | undefined,
): Pick<GenerateOptions, 'onModelResponse' | 'onToolResult' | 'onModelUsage'> {
  return {
    onModelResponse: live
      ? (step) => {
          // The round is over: its message is journaled now, which replaces its live words.
          live.end();
          return journal.modelResponded(step);
        }
      : journal.modelResponded,
    onToolResult: journal.toolFinished,
    onModelUsage: (usage) => writer.spend(usage),
  };
}

/** Every call's middleware: on a forked session, answered from another branch's journal first (nothing runs). */
function toolMiddlewareOf(session: Session): ToolMiddleware[] {
  const journaled = journaledEffects(session);
  return journaled ? [journaled, sizeLimitsMiddleware] : [sizeLimitsMiddleware];
}

/**
 * Runs one turn under its lease: compression (new turns only), then the generate loop over the
 * session's history, going on with the open round first when the history ends with one (a
 * resume's answers were journaled when the turn began; a retry goes on from what it recorded).
 * Every step goes through `journal`; `observer` (the trace's) sees every model and tool call.
 */
export async function runTurn(
  rt: AgentRuntime,
  journal: TurnJournal,
  writer: TurnWriter,
  turn: StartedTurn,
  ctx: AgentCallContext,
  observer?: StepObserver,
  live?: LiveWriter,
): Promise<FinishedTurn> {
  if (turn.kind === 'retry') {
    const answered = journaledAnswer(writer.session, rt.output);
    if (answered) {
      const { history, state, summary } = writer.session;
      return { history, state: journal.state ?? state, artifacts: journal.artifacts, summary, result: answered };
    }
  }
  const signal = ctx.signal ? AbortSignal.any([writer.signal, ctx.signal]) : writer.signal;
  const usage: Usage = {};
  const summary = turn.kind === 'message' ? await compress(rt, writer, usage, signal) : writer.session.summary;
  const base = writer.session.history.slice(0, summary?.upTo ?? 0);
  journal.begin(base);
  journal.streamTo(ctx.onChunk);
  const messages = writer.session.history.slice(base.length);
  // A session's history is valid as it stands: a store parses what it reads (`parseSession`), and every
  // message added since was checked on the wire or built by the kit. So generate doesn't walk it again.
  markCheckedList(messages);
  const admitWaiting = waitingBound(rt, { ownerUid: writer.session.ownerUid, agent: rt.name });
  const generated: GenerateResult = await generate({
    model: rt.model,
    system: systemWith(rt.system, summary),
    messages,
    tools: rt.tools,
    maxTurns: rt.maxTurns,
    ...(rt.config ? { config: rt.config } : {}),
    ...(rt.output ? { output: rt.output } : {}),
    ...(rt.stopWhen ? { stopWhen: rt.stopWhen } : {}),
    use: rt.use,
    toolMiddleware: toolMiddlewareOf(writer.session),
    ...(observer ? { observer } : {}),
    ...(openRoundOf(messages) ? { resume: {} } : {}),
    ...journalHooks(journal, writer, live),
    ...(admitWaiting ? { admitWaiting } : {}),
    userIsPerson: writer.session.parent === undefined, // a sub-agent's are its parent model's words
    ...(journal.toolState ? { state: journal.toolState } : {}),
    artifacts: journal.toolArtifacts,
    ...chunksTo(ctx.onChunk, live, journal),
    signal,
    context: ctx.context ?? {},
    sessionId: writer.session.id,
  });
  addUsage(usage, generated.usage);
  return {
    history: journal.toStored(generated.messages),
    state: journal.state,
    artifacts: journal.artifacts,
    summary,
    result: { ...toTurnResult(writer.session.id, generated), usage },
  };
}
