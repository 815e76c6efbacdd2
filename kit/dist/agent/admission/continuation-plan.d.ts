import { KitError } from '../../errors/index.js';
import type { Session } from '../../session/session-schema.js';
import type { TurnPlan } from '../turn/index.js';
/** Where the turn that ran under `leaseId` stands: its instance may still run it, it lapsed, or it is gone. */
export declare function continuationStanding(session: Session, leaseId: string, now: number): 'live' | 'lapsed' | 'gone';
/** The refusal of a task whose turn ended or was taken over: there is nothing to continue. */
export declare function nothingToContinue(sessionId: string): KitError;
/** The refusal of a task whose turn began more than `maxDurationMs` ago: it is left to a client's retry. */
export declare function continuedTooLong(sessionId: string, maxDurationMs: number): KitError;
/**
 * The plan of a continuation, decided on the stored session as every admission is: the retry of
 * the turn whose lease lapsed (exactly what a client's retry of it plans), else a refusal: the
 * lease still live is `SESSION_BUSY` (the queue tries again later), a turn gone is nothing to
 * continue, a turn that began more than `maxDurationMs` ago is too old to go on with (`DEADLINE`).
 */
export declare function continuationPlan(session: Session, leaseId: string, now: number, maxDurationMs: number): TurnPlan;
