import type { z } from 'zod';
import type { PendingInterruptSchema, TurnResultSchema } from '../../session/index.js';

/** An interrupt as a client sees it: which call, of which tool, with what input, and why. */
export type PendingInterrupt = z.infer<typeof PendingInterruptSchema>;

/** The outcome of one agent call, as the callable returns it. */
export type AgentTurnResult = z.infer<typeof TurnResultSchema>;
