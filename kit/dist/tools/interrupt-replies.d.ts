import type { z } from 'zod';
import type { ToolRequestPart, ToolResponsePart } from '../model/index.js';
import type { DeclinedOutput } from './tool.js';
/** A tool response that answers `interrupt` with `output`. */
export declare function respondToInterrupt(toolName: string, interrupt: ToolRequestPart, output: unknown, metadata?: Record<string, unknown>): ToolResponsePart;
/** A tool request that runs `interrupt` again as resumed, with `replaceInput` when given. */
export declare function restartInterrupt(toolName: string, interrupt: ToolRequestPart, resumed: Record<string, unknown> | undefined, replaceInput: unknown): ToolRequestPart;
/** The standard words for a declined call, told to the model. */
export declare function declinedOutput(reason: string | undefined): DeclinedOutput;
/** A tool response that tells the model a person declined `interrupt`. */
export declare function declineInterrupt(toolName: string, outputSchema: z.ZodType | undefined, interrupt: ToolRequestPart, reason: string | undefined, onDecline: ((input: never, reason: string | undefined) => unknown) | undefined): ToolResponsePart;
