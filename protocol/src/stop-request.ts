import { z } from 'zod';
import { WireIdSchema } from './call-request.js';
import { ProtocolVersionSchema } from './protocol-version.js';

/**
 * A request to stop the turn running on a session, from any of its owner's clients: the turn
 * stops at its next step boundary (or aborts its model call in flight); what finished stays.
 */
export const StopRequestSchema = z.strictObject({
  sessionId: WireIdSchema,
  stop: z.literal(true),
  /** A client's idempotency key: a retry of a stop is answered as the first. */
  requestId: WireIdSchema.optional(),
  /** Names the client (a device, a tab) that asks, for the session's record of who stopped the turn. */
  clientId: WireIdSchema.optional(),
  /** The wire version the client speaks (`PROTOCOL_VERSION`); absent: the oldest the server answers. */
  protocolVersion: ProtocolVersionSchema.optional(),
});
export type StopRequest = z.infer<typeof StopRequestSchema>;

/** True when a call's data asks for a stop (then {@link StopRequestSchema} checks it whole). */
export function isStopRequest(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'stop' in data;
}

/**
 * The answer to a stop: `stopped` once the turn gave the session up (it is usable at once),
 * `stopping` when the turn had not yet reached a step boundary when the stop stopped waiting
 * (it will; `watch` shows it, and the same stop again is a retry).
 */
export const StopResultSchema = z.strictObject({
  sessionId: z.string(),
  status: z.enum(['stopping', 'stopped']),
});
export type StopResult = z.infer<typeof StopResultSchema>;

/**
 * A request to take back a message its sender queued behind a running turn (or an approval),
 * before it runs: `withdraw` is the queued message's request id. Refused once its turn began
 * (`failed-precondition`, `ALREADY_RUNNING`) or when no such message waits (`NOT_QUEUED`).
 */
export const WithdrawRequestSchema = z.strictObject({
  sessionId: WireIdSchema,
  withdraw: WireIdSchema,
  /** The wire version the client speaks (`PROTOCOL_VERSION`); absent: the oldest the server answers. */
  protocolVersion: ProtocolVersionSchema.optional(),
});
export type WithdrawRequest = z.infer<typeof WithdrawRequestSchema>;

/** True when a call's data asks to withdraw a queued message (then {@link WithdrawRequestSchema} checks it whole). */
export function isWithdrawRequest(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'withdraw' in data;
}

/** The answer to a withdraw: the message left the queue and will never run. */
export const WithdrawResultSchema = z.strictObject({
  sessionId: z.string(),
  requestId: z.string(),
  status: z.literal('withdrawn'),
});
export type WithdrawResult = z.infer<typeof WithdrawResultSchema>;
