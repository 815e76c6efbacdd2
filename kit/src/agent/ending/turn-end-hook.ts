import type { Artifact } from '../../model/index.js';
import { headArtifacts } from '../../session/index.js';
import type { FinishedTurn, TurnJournal, TurnWriter } from '../running/index.js';
import type { TurnEndHook } from '../turn/index.js';

/**
 * Runs the agent's `onTurnEnd` on a turn that finished: what it writes becomes the head's
 * artifact versions, kept by the write that ends the turn (no write of its own, so a warm turn
 * costs what it did). The finished turn with those versions, and the versions to stream once
 * that write stored them.
 */
export async function runTurnEndHook(
  hook: TurnEndHook | undefined,
  ended: FinishedTurn,
  journal: TurnJournal,
  writer: TurnWriter,
): Promise<{ ended: FinishedTurn; made: Artifact[] }> {
  if (!hook) return { ended, made: [] };
  const shown = { artifacts: ended.artifacts, branches: writer.session.branches };
  await hook({
    sessionId: writer.session.id,
    result: ended.result,
    history: ended.history,
    state: ended.state,
    artifacts: headArtifacts(shown),
    artifact: journal.agentArtifact,
  });
  const made = journal.applyAgentArtifacts(ended.history.length);
  return { ended: made.length ? { ...ended, artifacts: journal.artifacts } : ended, made };
}
