import type { z } from 'zod';
import { fromZodError } from '../errors/index.js';
import type { ToolRequestPart, ToolResponsePart } from '../model/index.js';
import type { DeclinedOutput } from './tool.js';

// A tool's respond / restart only build the reply: generate's admission (apply-resume.ts) matches
// it to its stored call and checks it against the tool's schemas, and refuses it there.

/** A tool response that answers `interrupt` with `output`. */
export function respondToInterrupt(
  toolName: string,
  interrupt: ToolRequestPart,
  output: unknown,
  metadata?: Record<string, unknown>,
): ToolResponsePart {
  const { ref } = interrupt.toolRequest;
  return {
    toolResponse: { name: toolName, ...(ref === undefined ? {} : { ref }), output },
    metadata: { interruptResponse: metadata ?? true },
  };
}

/** A tool request that runs `interrupt` again as resumed, with `replaceInput` when given. */
export function restartInterrupt(
  toolName: string,
  interrupt: ToolRequestPart,
  resumed: Record<string, unknown> | undefined,
  replaceInput: unknown,
): ToolRequestPart {
  const { interrupt: _pending, ...metadata } = interrupt.metadata ?? {};
  let input = interrupt.toolRequest.input;
  if (replaceInput !== undefined) {
    metadata.replacedInput = input;
    input = replaceInput as typeof input;
  }
  return {
    toolRequest: { ...interrupt.toolRequest, name: toolName, input },
    metadata: { ...metadata, resumed: resumed ?? true },
  };
}

/** The standard words for a declined call, told to the model. */
export function declinedOutput(reason: string | undefined): DeclinedOutput {
  const message = reason ? `the user declined: ${reason}` : 'the user declined';
  return reason ? { declined: true, reason, message } : { declined: true, message };
}

/** A tool response that tells the model a person declined `interrupt`. */
export function declineInterrupt(
  toolName: string,
  outputSchema: z.ZodType | undefined,
  interrupt: ToolRequestPart,
  reason: string | undefined,
  onDecline: ((input: never, reason: string | undefined) => unknown) | undefined,
): ToolResponsePart {
  let output: unknown = declinedOutput(reason);
  if (onDecline) {
    output = onDecline(interrupt.toolRequest.input as never, reason);
    const parsed = outputSchema?.safeParse(output);
    // The tool's own onDecline broke its contract: our bug, not the person's.
    if (parsed && !parsed.success) throw fromZodError(parsed.error, `onDecline of '${toolName}'`, 'internal');
    if (parsed) output = parsed.data;
  }
  const { ref } = interrupt.toolRequest;
  return {
    toolResponse: { name: toolName, ...(ref === undefined ? {} : { ref }), output },
    metadata: { interruptResponse: true, declined: reason === undefined ? true : { reason } },
  };
}
