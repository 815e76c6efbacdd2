import { fromZodError } from '../errors/index.js';
// A tool's respond / restart only build the reply: generate's admission (apply-resume.ts) matches
// it to its stored call and checks it against the tool's schemas, and refuses it there.
/** A tool response that answers `interrupt` with `output`. */
export function respondToInterrupt(toolName, interrupt, output, metadata) {
    const { ref } = interrupt.toolRequest;
    return {
        toolResponse: { name: toolName, ...(ref === undefined ? {} : { ref }), output },
        metadata: { interruptResponse: metadata ?? true },
    };
}
/** A tool request that runs `interrupt` again as resumed, with `replaceInput` when given. */
export function restartInterrupt(toolName, interrupt, resumed, replaceInput) {
    const { interrupt: _pending, ...metadata } = interrupt.metadata ?? {};
    let input = interrupt.toolRequest.input;
    if (replaceInput !== undefined) {
        metadata.replacedInput = input;
        input = replaceInput;
    }
    return {
        toolRequest: { ...interrupt.toolRequest, name: toolName, input },
        metadata: { ...metadata, resumed: resumed ?? true },
    };
}
/** The standard words for a declined call, told to the model. */
export function declinedOutput(reason) {
    const message = reason ? `the user declined: ${reason}` : 'the user declined';
    return reason ? { declined: true, reason, message } : { declined: true, message };
}
/** A tool response that tells the model a person declined `interrupt`. */
export function declineInterrupt(toolName, outputSchema, interrupt, reason, onDecline) {
    let output = declinedOutput(reason);
    if (onDecline) {
        output = onDecline(interrupt.toolRequest.input, reason);
        const parsed = outputSchema?.safeParse(output);
        // The tool's own onDecline broke its contract: our bug, not the person's.
        if (parsed && !parsed.success)
            throw fromZodError(parsed.error, `onDecline of '${toolName}'`, 'internal');
        if (parsed)
            output = parsed.data;
    }
    const { ref } = interrupt.toolRequest;
    return {
        toolResponse: { name: toolName, ...(ref === undefined ? {} : { ref }), output },
        metadata: { interruptResponse: true, declined: reason === undefined ? true : { reason } },
    };
}
//# sourceMappingURL=interrupt-replies.js.map