import { callIdOf } from '../../generate/assign-call-ids.js';
import { type ToolRequestPart, toolRequestsOf } from '../../model/index.js';
import type { Session } from '../../session/index.js';
import { subSessionId } from '../sub-agent/index.js';

/** The id of the sub-session of `session`'s last call `ref`, keyed as `agentTool` keys it (on the kit's id of the call); undefined when no call has that ref. */
export function subSessionIfCalled(session: Session, ref: string): string | undefined {
  const part = session.history
    .flatMap((m) => toolRequestsOf(m))
    .findLast((p: ToolRequestPart) => p.toolRequest.ref === ref);
  return part && subSessionId(session.id, callIdOf(part, session.id));
}

/** The id of the sub-session of `session`'s last sub-agent call `ref` (which it must hold). */
export function subSessionOf(session: Session, ref: string): string {
  const id = subSessionIfCalled(session, ref);
  if (id === undefined) throw new Error(`no call '${ref}' in session ${session.id}`);
  return id;
}
