import { z } from 'zod';
import { PartSchema } from '../model/index.js';

/** How long a tool ledger entry is kept by default: a day covers the retries that matter. */
export const DEFAULT_LEDGER_TTL_MS = 24 * 60 * 60 * 1000;

/** The recorded result of one run of an idempotent tool (a `ToolResult`). */
export const LedgerResultSchema = z.strictObject({
  output: z.unknown(),
  content: z.array(PartSchema).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** One tool ledger entry: the result of a side-effect tool call, recorded before the turn went on. */
export const LedgerEntrySchema = z.strictObject({
  key: z.string().min(1),
  sessionId: z.string().min(1),
  /** The user turn (`TurnState.seq`) of the call. */
  turn: z.number().int().nonnegative(),
  ref: z.string(),
  name: z.string(),
  inputHash: z.string(),
  result: LedgerResultSchema,
  /** The lease of the turn that ran the tool. */
  leaseId: z.string(),
  createdAt: z.number(),
  expireAt: z.number(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;
