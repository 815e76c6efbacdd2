import type { GenerateRequest, Message } from '../../model/index.js';
import { type ScriptedModel } from '../../models/scripted/index.js';
import { type Tool } from '../../tools/index.js';
/** The gate of every test (kept here for the agent's tests and fixtures). */
export { type Gate, gate } from '../../test-utils/gate.js';
/** A promise that resolves when `open` is called. */
/** A clock a test moves by hand (leases expire when it is advanced past them). */
export interface ManualClock {
    now(): number;
    advance(ms: number): void;
}
/** A clock starting at `start` epoch ms. */
export declare function manualClock(start?: number): ManualClock;
/**
 * What side-effect tools did. `runs` counts tool bodies; `applied` is the downstream system,
 * which (as a real payment API with idempotency keys would) applies a ref's effect once.
 */
export interface Effects {
    runs: number;
    refs: string[];
    applied: Map<string, unknown>;
    /** Called inside a tool body after the effect is applied (to crash or hold there). */
    afterEffect?: (ref: string) => Promise<void> | void;
    /**
     * Called inside the transfer's body before its effect, once approved (a tool that waits on
     * something first: a quote, a lock). The body reads its `ctx.signal` only once this settles,
     * and gives up without the effect when the turn was aborted meanwhile.
     */
    beforeEffect?: (ref: string) => Promise<void> | void;
}
/** A fresh record of effects. */
export declare function effects(): Effects;
/** `charge`: an idempotent side-effect tool (a payment keyed by the call's ref). */
export declare function chargeTool(record: Effects): Tool;
/** `transfer`: an idempotent tool that asks a person first, and runs once restarted with approval. */
export declare function transferTool(record: Effects): Tool;
/** Options of {@link toolThenAnswer}. */
export interface ToolThenAnswerOptions {
    /**
     * Awaited at the start of every model call (1-based count), to hold or fail a call; `signal`
     * fires when the turn gives the call up (a stop, say), as a real model's request is aborted.
     */
    before?: (call: number, request: GenerateRequest, signal: AbortSignal | undefined) => Promise<void> | void;
}
/**
 * A model that answers a user message by calling `tool` with `input` (no ref: the kit assigns
 * one, as with providers that send no call ids), and a tool message with text naming the outputs.
 */
export declare function toolThenAnswer(tool: string, input: unknown, options?: ToolThenAnswerOptions): ScriptedModel;
/**
 * A bank's model: a user message that starts with "send" calls `transfer` with `cents` (no ref:
 * the kit assigns one); a tool message is answered "done: <outputs as JSON>"; any other user
 * message "noted: <its text>".
 */
export declare function transferOnSend(cents: number, options?: ToolThenAnswerOptions): ScriptedModel;
/** A model that echoes the last user text after waiting for `before`. */
export declare function echoModel(options?: ToolThenAnswerOptions): ScriptedModel;
/** The texts of the user messages of a history. */
export declare function userTexts(history: readonly Message[]): string[];
