import { z } from 'zod';
import { ERROR_REASONS } from './error-reason.js';

/**
 * The body of a refused call, as the callable protocol sends it (HTTP 4xx/5xx, or the last
 * server-sent event of a stream: `{ "error": … }`) and every Firebase SDK parses it: `status` is
 * the code in capitals (`INVALID_ARGUMENT`), `details.reason` the one word a client switches on.
 */
export const WireErrorSchema = z.object({
  error: z.object({
    status: z.string(),
    message: z.string(),
    details: z
      .looseObject({
        reason: z.string().meta({
          description: `One of ${ERROR_REASONS.join(', ')}; a client that meets one it does not know acts on \`status\`.`,
        }),
      })
      .optional(),
  }),
});
export type WireError = z.infer<typeof WireErrorSchema>;
