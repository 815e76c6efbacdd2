import type { z } from 'zod';
import { fromZodError, KitError } from '../errors/index.js';
import type { ToolRequestPart, ToolResponsePart } from '../model/index.js';

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
    if (inputSchema) {
      const parsed = inputSchema.safeParse(replaceInput);
      if (!parsed.success) throw fromZodError(parsed.error, `replaceInput for '${toolName}'`);
    }
    metadata.replacedInput = input;
    input = replaceInput;
  }
  return {
    toolRequest: { ...interrupt.toolRequest, input },
    metadata: { ...metadata, resumed: resumed ?? true },
  };
}
