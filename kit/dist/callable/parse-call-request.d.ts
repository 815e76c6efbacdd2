import { type CallRequest } from '@callable-flows/protocol';
import type { z } from 'zod';
import type { AgentInput } from '../agent/index.js';
/**
 * Refuses request data over {@link PAYLOAD_LIMITS.requestBytes} before anything parses it, so an
 * oversize call costs a length check and no more.
 */
export declare function assertPayloadSize(data: unknown): void;
/**
 * Refuses data nested deeper than {@link PAYLOAD_LIMITS}.depth, walking it with an explicit
 * stack: anything recursive (JSON.stringify, zod, Firestore) would overflow on such input first.
 */
export declare function assertPayloadDepth(data: unknown): void;
/**
 * Parses a value with `schema`, or throws invalid-argument naming every bad field of `what`
 * (`details.field`, `details.fields`): `PAYLOAD_TOO_LARGE` when every issue is a limit
 * ({@link PAYLOAD_LIMITS}), `INVALID_FIELD` otherwise.
 */
export declare function parseWire<T extends z.ZodType>(schema: T, data: unknown, what: string): z.infer<T>;
/** Parses a call's `data` into a {@link CallRequest}; every malformed field is invalid-argument. */
export declare function parseCallRequest(data: unknown): CallRequest;
/** The agent's input for a parsed request. */
export declare function toAgentInput(request: CallRequest): AgentInput;
