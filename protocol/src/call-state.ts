import * as z from 'zod/mini';
import { type AnsweredBy, AnsweredBySchema, type ApproverAddress, ApproverAddressSchema } from './approval-doc.js';
import { type PresentedInput, PresentedInputSchema } from './presented-input.js';
import type { SessionStatus } from './session-doc.js';

// A call of an open round (interrupted, or cut short) keeps where it stands as stamps on its
// tool request's metadata, under the names stored sessions and the wire already use: `interrupt`,
// `resumed`, `pendingOutput`, `pendingContent`, `pendingError`, `resolvedInterrupt`, `answer`,
// `declined`, `inputDigest` (the digest of a waiting call's input, written with `interrupt`),
// `toolVersion` (the version of the tool it was asked under, written with `interrupt` when not 1),
// `approvers` (who besides the owner the call is addressed to, written with `interrupt`),
// `presented` (its input as its tool presents it to the person who approves it, written with `interrupt`) and
// `answeredBy` (who answered it, written with the answer).
// This module is the one reader of those stamps, for the kit and its clients alike (the kit's
// call-state/call-stamps.ts is the one writer). zod/mini, so the web app's bundle pays little for it.

/** What a call asked a person: the tool's interrupt metadata, or `true` when it gave none. */
const AskedSchema = z.union([z.literal(true), z.record(z.string(), z.unknown())]);
export type Asked = z.infer<typeof AskedSchema>;
const ResponseFields = { output: z.unknown(), content: z.optional(z.array(z.unknown())) };
/**
 * Why a call failed, as its tool error response says (`toolError`): the kit's error code, the bad
 * fields if any, and a reason where the kit closed the call for one (`TOOL_CHANGED`: a deploy
 * changed its tool before anyone answered it, and it was not run).
 */
const CallErrorSchema = z.object({ code: z.string(), fields: z.optional(z.unknown()), reason: z.optional(z.string()) });
export type CallError = z.infer<typeof CallErrorSchema>;

/**
 * Where one call of an open round stands: `waiting` for a person; `approved` by one (it runs
 * next); `answered` or `declined` by one (its response is final); `done` (it ran: its response
 * is recorded while others wait); `failed` (it ran and failed: its error response is recorded).
 * A call with no record stands where its turn stands: `running` while the turn runs, `skipped`
 * when the turn stopped at its limit of rounds before it (it was not run), `unknown` when the turn
 * ended without its result (it may have run: the journal stores a call before it starts and its
 * result after it ends); an approved call whose turn ended without its result is `unknown` too.
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
  z.object({ kind: z.literal('running') }),
  z.object({ kind: z.literal('skipped') }),
  // `approved` when a person approved the call before its turn ended.
  z.object({ kind: z.literal('unknown'), approved: z.optional(z.literal(true)) }),
]);
export type CallState = z.infer<typeof CallStateSchema>;

/** The kinds whose call has its response recorded. */
export type RecordedCall = Extract<CallState, { output: unknown }>;

/** A stored tool request, as far as its stamps go. */
export interface StampedCall {
  metadata?: Record<string, unknown> | undefined;
}

// Where the turn of a call's round stands is its session's status: `running` while the turn runs
// (the kit reads the calls of the turn it runs); a turn stopped at its limit leaves the session
// `idle`; one that failed leaves it `failed`, or `interrupted` when another call of the round waits.
// The states of calls with no record, shared: most calls of most rounds carry no stamps.
const UNRECORDED: Record<SessionStatus, CallState> = {
  running: { kind: 'running' },
  idle: { kind: 'skipped' },
  interrupted: { kind: 'unknown' },
  expired: { kind: 'unknown' },
  failed: { kind: 'unknown' },
};

const APPROVED_UNKNOWN: CallState = { kind: 'unknown', approved: true };

/**
 * Where the call `part` of a session's open round stands, read off its stamps and, for a call
 * with no record, off where its turn stands (`turn`: the session's status). Hand-decoded: it
 * runs for every call of every round.
 */
export function callStateOf(part: StampedCall, turn: SessionStatus = 'running'): CallState {
  const m = part.metadata;
  if (m === undefined) return UNRECORDED[turn];
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
  if (m.resumed !== undefined) {
    // Approved calls run first in their turn: one left without a result when the turn ended may have run.
    if (turn !== 'running') return APPROVED_UNKNOWN;
    return { kind: 'approved', asked: m.resolvedInterrupt, resumed: m.resumed as Asked };
  }
  return UNRECORDED[turn];
}

/** What the call `part` asked a person, while it waits or after it was answered (`undefined`: it never asked). */
export function askedOf(part: StampedCall): Asked | undefined {
  const asked = part.metadata?.interrupt ?? part.metadata?.resolvedInterrupt;
  if (asked === undefined) return undefined;
  return typeof asked === 'object' && asked !== null && !Array.isArray(asked)
    ? (asked as Record<string, unknown>)
    : true;
}

/**
 * The digest of the input the waiting call `part` asks about, as the server stamped it with the
 * interrupt (`undefined`: it doesn't wait, or it was stamped before digests existed). A client
 * sends it back with its answer, so the answer binds to what the person was shown.
 */
export function inputDigestOf(part: StampedCall): string | undefined {
  const digest = part.metadata?.interrupt === undefined ? undefined : part.metadata.inputDigest;
  return typeof digest === 'string' ? digest : undefined;
}

/**
 * The version of the tool the call `part` was asked under (its interrupt's stamp, kept once it is
 * answered): 1 when unstamped, as every call was before tools had versions.
 */
export function toolVersionOf(part: StampedCall): number {
  const version = part.metadata?.toolVersion;
  return typeof version === 'number' && Number.isSafeInteger(version) && version >= 1 ? version : 1;
}

/** True when the call `part` waits for a person. */
export const isWaiting = (part: StampedCall): boolean => part.metadata?.interrupt !== undefined;

/** True when the call has its response recorded (it ran, or a person answered it). */
export function isRecorded(state: CallState): state is RecordedCall {
  return 'output' in state;
}

/** How a person answers a call: approve it (`restart`: it runs), give its response (`respond`), or `decline` it. */
export type AnswerKind = 'respond' | 'decline' | 'restart';

/** How a person answered the call `part`, if one did: final once stored, and still stamped once its round closed. */
export function answerOf(part: StampedCall): AnswerKind | undefined {
  const answer = part.metadata?.answer;
  return answer === 'respond' || answer === 'decline' || answer === 'restart' ? answer : undefined;
}

/** True when a person approved the call `part` (it runs, or ran, again): marked `resumed`, or answered `restart`. */
export const isApproved = (part: StampedCall): boolean =>
  part.metadata?.resumed !== undefined || part.metadata?.answer === 'restart';

/**
 * Why the call whose tool response is `part` failed, as the kit recorded it on the response
 * (`undefined`: it did not fail). A stop, or a cleanup that answered a call nobody approved in time, records one too.
 */
export function toolErrorOf(part: StampedCall): CallError | undefined {
  const error = part.metadata?.toolError as { code?: unknown; fields?: unknown; reason?: unknown } | undefined;
  if (typeof error !== 'object' || error === null || typeof error.code !== 'string') return undefined;
  const read: CallError = { code: error.code };
  if (error.fields !== undefined) read.fields = error.fields;
  if (typeof error.reason === 'string') read.reason = error.reason;
  return read;
}

/** The words a person gave with their decline of the call `part`, its request or its response (`undefined`: none, or no decline). */
export function declineReasonOf(part: StampedCall): string | undefined {
  const declined = part.metadata?.declined as { reason?: unknown } | true | undefined;
  return typeof declined === 'object' && typeof declined.reason === 'string' ? declined.reason : undefined;
}

/** Who answered the call `part` (uid, when, App Check app id), as the server stamped it with the answer. */
export function answeredByOf(part: StampedCall): AnsweredBy | undefined {
  const by = part.metadata?.answeredBy;
  if (by === undefined) return undefined;
  const parsed = AnsweredBySchema.safeParse(by);
  return parsed.success ? parsed.data : undefined;
}

/** Who besides its owner the call `part` is addressed to (its tool's `approvers` when it interrupted); undefined: its owner alone. */
export function approverAddressOf(part: StampedCall): ApproverAddress | undefined {
  const address = part.metadata?.approvers;
  if (address === undefined) return undefined;
  const parsed = ApproverAddressSchema.safeParse(address);
  return parsed.success ? parsed.data : undefined;
}

/** The input of the call `part` as its tool presented it when it asked (kept once answered); undefined: stamped before presentations existed. */
export function presentedOf(part: StampedCall): PresentedInput | undefined {
  const presented = part.metadata?.presented;
  if (presented === undefined) return undefined;
  const parsed = PresentedInputSchema.safeParse(presented);
  return parsed.success ? parsed.data : undefined;
}
