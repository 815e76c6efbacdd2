import { callIdOf } from '../../generate/assign-call-ids.js';
import type { ToolRequestPart } from '../../model/index.js';
import type { Session } from '../../session/index.js';
import { subSessionId } from '../sub-agent/index.js';

/** The id of the sub-session of `session`'s last call `ref`, keyed as `agentTool` keys it (on the kit's id of the call); undefined when no call has that ref. */
export function subSessionIfCalled(session: Session, ref: string): string | undefined {
  const calls = session.history.flatMap((message) => message.content.map((part, index) => ({ message, part, index })));
  const found = calls.findLast(({ part }) => 'toolRequest' in part && part.toolRequest?.ref === ref);
  return (
    found && subSessionId(session.id, callIdOf(found.part as ToolRequestPart, found.message, found.index, session.id))
  );
}

/** The id of the sub-session of `session`'s last sub-agent call `ref` (which it must hold). */
export function subSessionOf(session: Session, ref: string): string {
  const id = subSessionIfCalled(session, ref);
  if (id === undefined) throw new Error(`no call '${ref}' in session ${session.id}`);
  return id;
}
