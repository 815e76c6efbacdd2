import { z } from 'zod';

/** Why a generation (and so a turn) ended. `interrupted` means a tool is waiting for a person. */
export const FinishReasonSchema = z.enum(['stop', 'length', 'blocked', 'interrupted', 'aborted', 'other', 'unknown']);
export type FinishReason = z.infer<typeof FinishReasonSchema>;
