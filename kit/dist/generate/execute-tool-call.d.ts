import type { StepObserver, ToolRequest, ToolRequestPart, ToolResponsePart } from '../model/index.js';
import { type ActionContext, LimitSink, type Tool, type ToolResult, type ToolRunOptions, type ToolState } from '../tools/index.js';
import type { ToolMiddleware } from './generate-options.js';
/** How one tool call ended: with a response for the model, or with a question for a person. */
export type ToolOutcome = {
    response: ToolResponsePart;
    interrupt?: undefined;
} | {
    interrupt: Record<string, unknown> | true;
    response?: undefined;
};
/** Everything a tool call runs with. */
export interface ToolCallScope {
    tools: ReadonlyMap<string, Tool>;
    /** The session state tools read and change, when the caller keeps one. */
    state?: ToolState | undefined;
    context: ActionContext;
    signal: AbortSignal | undefined;
    middleware: readonly ToolMiddleware[];
    observer?: StepObserver | undefined;
}
/**
 * A response that tells the model, in words it can act on, that the call failed. The words are
 * redacted here, where the error becomes data: the model, the stream, the client and the store
 * all get this one copy, so a secret a tool's error quotes reaches none of them.
 */
export declare function toolErrorResponse(request: ToolRequest, error: unknown): ToolResponsePart;
/**
 * The record of one tool call, told how it ended: `deliver` gets a response or an interrupt,
 * `reject` a failure that ends the turn (an abort, `onError: 'throw'`). Exactly one of them is
 * called, once, maybe before {@link runToolCall} returns; neither may throw. It is the tool's
 * sink as well (`settle`/`fail`), so a call costs no promise between the tool and its round.
 */
export declare abstract class ToolCallRecord extends LimitSink<ToolResult> implements ToolRunOptions {
    readonly request: ToolRequest & {
        ref: string;
    };
    readonly scope: ToolCallScope;
    tool: Tool | undefined;
    readonly ref: string;
    readonly context: ActionContext;
    readonly signal: AbortSignal | undefined;
    readonly state: ToolState | undefined;
    resumed: Record<string, unknown> | true | undefined;
    constructor(request: ToolRequest & {
        ref: string;
    }, scope: ToolCallScope);
    abstract deliver(outcome: ToolOutcome): void;
    abstract reject(error: unknown): void;
    /** A response for the model: delivered as an outcome, unless a record takes it as it is. */
    answer(response: ToolResponsePart): void;
    settle(result: ToolResult): void;
    fail(error: unknown): void;
}
/**
 * Runs one tool request, telling `call` how it ended. Invalid input, an unknown tool, a timeout
 * or a failure become a response the model can read, unless the tool says `onError: 'throw'`;
 * an abort always ends the turn. With no middleware and no observer, a tool made by
 * `defineTool` hands its result straight to `call`: no promise of the call's own.
 */
export declare function runToolCall(call: ToolCallRecord, resumed: Record<string, unknown> | true | undefined): void;
/** {@link runToolCall} as a promise of the call's outcome. */
export declare function executeToolCall(part: ToolRequestPart & {
    toolRequest: {
        ref: string;
    };
}, resumed: Record<string, unknown> | true | undefined, scope: ToolCallScope): Promise<ToolOutcome>;
