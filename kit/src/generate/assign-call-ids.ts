import type { ToolRequestPart } from '../model/index.js';

/** The tool request part's metadata key that holds the kit's own id of the call (`ctx.callId`; given by `assignRefs`). */
export const CALL_ID_KEY = 'callId';

/**
 * The call's id: the one its part was journaled with; for a call journaled before call ids
 * (or a request the caller built), its session and ref, which no other session shares.
 */
export function callIdOf(part: ToolRequestPart, sessionId: string | undefined): string {
  const id = part.metadata?.[CALL_ID_KEY];
  if (typeof id === 'string') return id;
  const ref = part.toolRequest.ref ?? '';
  return sessionId === undefined ? ref : `${sessionId}:${ref}`;
}
