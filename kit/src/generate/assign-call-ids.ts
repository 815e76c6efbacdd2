import type { Message, ToolRequestPart } from '../model/index.js';

/**
 * The model message's metadata key that holds the random id its calls' ids are made of: call
 * `n` of the message (its part index) is `<id>.<n>` (given by `assignRefs`, journaled with the message).
 */
export const CALL_ID_PREFIX_KEY = 'callIdPrefix';

/**
 * The tool request part's metadata key of a call id the part carries itself: how calls were
 * journaled before the id moved to the message (2026-12-07), and a request a caller built with one.
 */
export const CALL_ID_KEY = 'callId';

/**
 * The id of call `part`, part `index` of `message` (`ctx.callId`): the one the part carries, else
 * the one its message's id gives it; for a call journaled before call ids (or a request the
 * caller built), its session and ref, which no other session shares. Made when read: a call
 * whose tool never asks costs nothing.
 */
export function callIdOf(
  part: ToolRequestPart,
  message: Message,
  index: number,
  sessionId: string | undefined,
): string {
  const own = part.metadata?.[CALL_ID_KEY];
  if (typeof own === 'string') return own;
  const prefix = message.metadata?.[CALL_ID_PREFIX_KEY];
  if (typeof prefix === 'string') return `${prefix}.${index}`;
  const ref = part.toolRequest.ref ?? '';
  return sessionId === undefined ? ref : `${sessionId}:${ref}`;
}
