import { type Span } from '@opentelemetry/api';
/** What a tool span says of the call. */
export interface ToolSpanCall {
    name: string;
    description?: string | undefined;
    ref: string;
    /** True when the call runs again after an interrupt (a restart). */
    resumed: boolean;
    /** The call's input, recorded (redacted) only when content capture is on. */
    input?: unknown;
}
/** The span name of tool `name`'s calls (made once per tool, not per call). */
export declare function toolSpanName(name: string): string;
/** Starts the span of one tool call (`spanName` from {@link toolSpanName}); undefined when nothing records it. */
export declare function startToolSpan(spanName: string): Span | undefined;
/**
 * Runs one tool call in its `execute_tool {name}` span (from {@link startToolSpan}). An interrupt
 * is an event, not an error: the span ends unset, with `callable_flows.tool.interrupted`, and the
 * event names the call. With content capture on, the arguments and result go on the span,
 * secrets redacted.
 */
export declare function traceToolCall<T extends {
    output?: unknown;
}>(span: Span, call: ToolSpanCall, isInterrupt: (error: unknown) => boolean, run: () => Promise<T>): Promise<T>;
