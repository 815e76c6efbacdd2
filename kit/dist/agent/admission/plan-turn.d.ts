import { KitError } from '../../errors/index.js';
import type { Session, Standing } from '../../session/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { ClientTurnRequest, TurnPlan } from '../turn/index.js';
/**
 * How soon a caller refused by a running turn should look again. The turn renews its lease while
 * it runs, so the lease's end says nothing about the turn's; most turns end within a second
 * (a model call or two): a short poll finds the session free far sooner. (`watch` tells the end at once.)
 */
export declare const RUNNING_TURN_POLL_MS = 500;
/**
 * The error of a lease another call holds, with when to come back: soon while its turn runs
 * (the lease is renewed, its end is no estimate), else when the lease lapses (a turn whose
 * instance died is taken over then).
 */
export declare function sessionBusy(session: Session, now: number, atLeastMs?: number): KitError;
/**
 * Decides what a client's call does with a session in its standing, and what the lease write stores.
 * The user message, or the resume's answers, are part of that first write, so they are never lost.
 */
export declare function planTurn(rt: AgentRuntime, session: Session, standing: Standing, request: ClientTurnRequest): TurnPlan;
