import type { z } from 'zod';
import { fromZodError, KitError } from '../errors/index.js';
import type { ToolRequestPart, ToolResponsePart } from '../model/index.js';
import type { DeclinedOutput } from './tool.js';

function assertInterruptOf(toolName: string, interrupt: ToolRequestPart): void {
  if (interrupt.toolRequest.name !== toolName) {
    throw new KitError('invalid-argument', `interrupt is of tool '${interrupt.toolRequest.name}', not '${toolName}'`, {
      reason: 'UNKNOWN_REF',
    });
  }
}

/** A tool response that answers `interrupt` with `output`, checked against `outputSchema`. */
export function respondToInterrupt(
  toolName: string,
  outputSchema: z.ZodType | undefined,
  interrupt: ToolRequestPart,
  output: unknown,
  metadata?: Record<string, unknown>,
): ToolResponsePart {
  assertInterruptOf(toolName, interrupt);
  let checked = output;
  if (outputSchema) {
    const parsed = outputSchema.safeParse(output);
    if (!parsed.success) throw fromZodError(parsed.error, `response to '${toolName}'`);
    checked = parsed.data;
  }
  const { ref } = interrupt.toolRequest;
  return {
    toolResponse: { name: toolName, ...(ref === undefined ? {} : { ref }), output: checked },
    metadata: { interruptResponse: metadata ?? true },
  };
}

/** A tool request that runs `interrupt` again as resumed, optionally with new input. */
export function restartInterrupt(
  toolName: string,
  inputSchema: z.ZodType | undefined,
  interrupt: ToolRequestPart,
  resumed: Record<string, unknown> | undefined,
  replaceInput: unknown,
): ToolRequestPart {
  assertInterruptOf(toolName, interrupt);
  const { interrupt: _pending, ...metadata } = interrupt.metadata ?? {};
  let input = interrupt.toolRequest.input;
  if (replaceInput !== undefined) {
    let checked: typeof input = replaceInput as typeof input;
    if (inputSchema) {
      const parsed = inputSchema.safeParse(replaceInput);
      if (!parsed.success) throw fromZodError(parsed.error, `replaceInput for '${toolName}'`);
      // What runs, is stored and is shown to the model is the parsed value: keys the schema
      // strips never get in.
      checked = parsed.data as typeof input;
    }
    metadata.replacedInput = input;
    input = checked;
  }
  return {
    toolRequest: { ...interrupt.toolRequest, input },
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
  assertInterruptOf(toolName, interrupt);
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
