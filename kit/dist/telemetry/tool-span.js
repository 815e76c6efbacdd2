import { SpanKind } from '@opentelemetry/api';
import { GEN_AI, KIT_ATTR } from './gen-ai-attributes.js';
import { runInSpan, startKitSpan } from './in-span.js';
import { capturesContent, spanContent } from './span-content.js';
const TOOL_SPAN_OPTIONS = { kind: SpanKind.INTERNAL };
/** The span name of tool `name`'s calls (made once per tool, not per call). */
export function toolSpanName(name) {
    return `execute_tool ${name}`;
}
/** Starts the span of one tool call (`spanName` from {@link toolSpanName}); undefined when nothing records it. */
export function startToolSpan(spanName) {
    return startKitSpan(spanName, TOOL_SPAN_OPTIONS);
}
/**
 * Runs one tool call in its `execute_tool {name}` span (from {@link startToolSpan}). An interrupt
 * is an event, not an error: the span ends unset, with `callable_flows.tool.interrupted`, and the
 * event names the call. With content capture on, the arguments and result go on the span,
 * secrets redacted.
 */
export function traceToolCall(span, call, isInterrupt, run) {
    const attributes = () => ({
        [GEN_AI.operationName]: 'execute_tool',
        [GEN_AI.toolName]: call.name,
        [GEN_AI.toolCallId]: call.ref,
        [GEN_AI.toolType]: 'function',
        [KIT_ATTR.resumed]: call.resumed,
        ...(call.description ? { [GEN_AI.toolDescription]: call.description } : {}),
    });
    return runInSpan(span, { attributes, isFailure: (error) => !isInterrupt(error) }, () => {
        if (!span.isRecording())
            return run();
        const content = capturesContent();
        if (content)
            span.setAttribute(GEN_AI.toolCallArguments, spanContent(call.input));
        const ran = content
            ? run().then((result) => {
                span.setAttribute(GEN_AI.toolCallResult, spanContent(result.output));
                return result;
            })
            : run();
        return ran.catch((error) => {
            if (isInterrupt(error)) {
                span.setAttribute(KIT_ATTR.interrupted, true);
                span.addEvent('interrupt', { [GEN_AI.toolName]: call.name, [GEN_AI.toolCallId]: call.ref });
            }
            throw error;
        });
    });
}
//# sourceMappingURL=tool-span.js.map