import { KitError } from '../../errors/index.js';
import { addUsage } from '../../generate/index.js';
import type { StepObserver, Usage } from '../../model/index.js';
import { type FinishedTurn, type LiveWriter, runTurn, TurnJournal, type TurnWriter } from '../running/index.js';
import { type AgentRuntime, refreshAgentTools } from '../runtime/index.js';
import type { AgentCallContext, StartedTurn } from '../turn/index.js';
import { dueHandoff, withHandoff } from './handoff-round.js';

/**
 * Most hand-offs one turn carries out: agents handing a conversation back and forth forever would
 * hold its session. The last one is still written (the session is the new agent's), and the turn
 * ends there; the agent in charge answers the next message.
 */
export const MAX_HANDOFFS_PER_TURN = 4;

/** The agent a turn runs under and its journal: they change with each hand-off. */
export interface TurnInCharge {
  rt: AgentRuntime;
  journal: TurnJournal;
}

/** A finished turn, with the agent it finished under. */
export type HandedTurn = FinishedTurn & { rt: AgentRuntime };

/**
 * Runs a turn under its lease as `runTurn` does, then carries out each hand-off it asks for: the
 * hand-off round's result and the session's new `agent` in one write (the switch, `metadata.handoff`
 * on the model's message), and the same turn goes on with the new agent over the whole history.
 * A retry that finds a hand-off ran but not written (its instance died between) writes it first,
 * without asking the old agent's model again. `onSwitch` is told each new agent and journal (the
 * caller's failure paths write through the journal in charge).
 */
export async function runHandingOff(
  first: TurnInCharge,
  writer: TurnWriter,
  turn: StartedTurn,
  ctx: AgentCallContext,
  observer: StepObserver | undefined,
  live: LiveWriter | undefined,
  onSwitch: (next: TurnInCharge) => void,
): Promise<HandedTurn> {
  let { rt, journal } = first;
  let ended = dueHandoff(rt, writer.session.history)
    ? undefined
    : await runTurn(rt, journal, writer, turn, ctx, observer, live);
  const usage: Usage = {};
  for (let hops = 1; ; hops++) {
    const history = ended?.history ?? writer.session.history;
    const due = dueHandoff(rt, history);
    if (!due) break;
    const record = { from: rt.name, to: due.to.name, at: rt.timing.clock() };
    const state = ended ? ended.state : journal.state;
    const artifacts = ended ? ended.artifacts : journal.artifacts;
    await writer.commit((s) => ({
      ...s,
      ...(state === undefined ? {} : { state }),
      ...(artifacts === undefined ? {} : { artifacts }),
      agent: record.to,
      history: withHandoff(history, due.at, record),
    }));
    if (ended) addUsage(usage, ended.result.usage);
    rt = due.to;
    const atCap = hops >= MAX_HANDOFFS_PER_TURN;
    // The new agent's tools from its sources (an MCP server's) are listed before its model is asked.
    const refreshed = atCap ? undefined : refreshAgentTools(rt, ctx.context ?? {});
    if (refreshed) await refreshed;
    journal = new TurnJournal(writer, rt.toolMap, rt.state);
    onSwitch({ rt, journal });
    if (atCap) {
      const { history: switched, summary } = writer.session;
      // The last round's usage is counted above: the result it leaves adds none.
      const last = ended?.result ?? emptyResult(writer);
      const kept = { state: journal.state, artifacts: journal.artifacts };
      ended = { history: switched, ...kept, summary, result: { ...last, usage: {} } };
      break;
    }
    ended = await runTurn(rt, journal, writer, { ...turn, kind: 'retry' }, ctx, observer, live);
  }
  // A turn that began with a due hand-off carried it out above: `ended` is set.
  if (!ended) throw new KitError('internal', `the turn on session '${writer.session.id}' ended without a result`);
  addUsage(usage, ended.result.usage);
  return { ...ended, result: { ...ended.result, usage }, rt };
}

function emptyResult(writer: TurnWriter): FinishedTurn['result'] {
  return { sessionId: writer.session.id, status: 'done', finishReason: 'stop', text: '', interrupts: [], usage: {} };
}
