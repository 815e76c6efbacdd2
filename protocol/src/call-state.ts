import * as z from 'zod/mini';

// A call of an open round (interrupted, or cut short) keeps where it stands as stamps on its
// tool request's metadata, under the names stored sessions and the wire already use: `interrupt`,
// `resumed`, `pendingOutput`, `pendingContent`, `pendingError`, `resolvedInterrupt`, `answer`,
// `declined`. This module is the one reader of those stamps, for the kit and its clients alike (the kit's
// call-state/call-stamps.ts is the one writer). zod/mini, so the web app's bundle pays little for it.

/** What a call asked a person: the tool's interrupt metadata, or `true` when it gave none. */
const AskedSchema = z.union([z.literal(true), z.record(z.string(), z.unknown())]);
export type Asked = z.infer<typeof AskedSchema>;
const ResponseFields = { output: z.unknown(), content: z.optional(z.array(z.unknown())) };
/** Why a call failed, as its tool error response says (`toolError`): the kit's error code, and the bad fields if any. */
const CallErrorSchema = z.object({ code: z.string(), fields: z.optional(z.unknown()) });
export type CallError = z.infer<typeof CallErrorSchema>;

/**
 * Where one call of an open round stands: `waiting` for a person; `approved` by one (it runs
 * next); `answered` or `declined` by one (its response is final); `done` (it ran: its response
 * is recorded while others wait); `failed` (it ran and failed: its error response is recorded); `open` (no record: running while its turn holds the lease,
 * of unknown outcome once that turn was cut short).
 */
export const CallStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('waiting'), asked: AskedSchema }),
  z.object({ kind: z.literal('approved'), asked: z.unknown(), resumed: AskedSchema }),
  z.object({ kind: z.literal('answered'), asked: z.unknown(), ...ResponseFields }),
  z.object({
    kind: z.literal('declined'),
    asked: z.unknown(),
    declined: z.union([z.literal(true), z.object({ reason: z.string() })]),
    ...ResponseFields,
  }),
  // `approved` when a person approved the call before it ran.
  z.object({ kind: z.literal('done'), approved: z.optional(z.literal(true)), ...ResponseFields }),
  z.object({
    kind: z.literal('failed'),
    approved: z.optional(z.literal(true)),
    error: CallErrorSchema,
    ...ResponseFields,
  }),
  z.object({ kind: z.literal('open') }),
]);
export type CallState = z.infer<typeof CallStateSchema>;

/** The kinds whose call has its response recorded. */
export type RecordedCall = Extract<CallState, { output: unknown }>;

/** A stored tool request, as far as its stamps go. */
export interface StampedCall {
  metadata?: Record<string, unknown> | undefined;
}

// A fresh call's state, shared: most calls of most rounds carry no stamps.
const OPEN: CallState = { kind: 'open' };

/** Where the call `part` stands, read off its stamps (hand-decoded: it runs for every call of every round). */
export function callStateOf(part: StampedCall): CallState {
  const m = part.metadata;
  if (m === undefined) return OPEN;
  if (m.interrupt !== undefined) return { kind: 'waiting', asked: m.interrupt as Asked };
  if ('pendingOutput' in m) {
    const content = m.pendingContent as unknown[] | undefined;
    const response = { output: m.pendingOutput, ...(content ? { content } : {}) };
    if (m.answer === 'respond') return { kind: 'answered', asked: m.resolvedInterrupt, ...response };
    if (m.answer === 'decline') {
      const declined = (m.declined ?? true) as true | { reason: string };
      return { kind: 'declined', asked: m.resolvedInterrupt, declined, ...response };
    }
    const approved = m.answer === 'restart' ? { approved: true as const } : {};
    if (m.pendingError !== undefined)
      return { kind: 'failed', error: m.pendingError as CallError, ...approved, ...response };
    return { kind: 'done', ...approved, ...response };
  }
  if (m.resumed !== undefined) return { kind: 'approved', asked: m.resolvedInterrupt, resumed: m.resumed as Asked };
  return OPEN;
}

/** What the call `part` asked a person, while it waits or after it was answered (`undefined`: it never asked). */
export function askedOf(part: StampedCall): Asked | undefined {
  const asked = part.metadata?.interrupt ?? part.metadata?.resolvedInterrupt;
  if (asked === undefined) return undefined;
  return typeof asked === 'object' && asked !== null && !Array.isArray(asked)
    ? (asked as Record<string, unknown>)
    : true;
}

/** True when the call `part` waits for a person. */
export const isWaiting = (part: StampedCall): boolean => part.metadata?.interrupt !== undefined;

/** True when the call has its response recorded (it ran, or a person answered it). */
export function isRecorded(state: CallState): state is RecordedCall {
  return 'output' in state;
}

/** How a person answered the call `part`, if one did: final once stored, and still stamped once its round closed. */
export function answerOf(part: StampedCall): 'respond' | 'decline' | 'restart' | undefined {
  const answer = part.metadata?.answer;
  return answer === 'respond' || answer === 'decline' || answer === 'restart' ? answer : undefined;
}

/** The words a person gave with their decline of the call `part` (`undefined`: none, or no decline). */
export function declineReasonOf(part: StampedCall): string | undefined {
  const declined = part.metadata?.declined as { reason?: unknown } | true | undefined;
  return typeof declined === 'object' && typeof declined.reason === 'string' ? declined.reason : undefined;
}
