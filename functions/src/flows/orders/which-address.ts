import { defineInterrupt, type Tool } from '@callable-flows/kit/index.js';
import { z } from 'zod';
import { OrderIdSchema } from './order.js';

/** The answer to `whichAddress` (what a client's `respond` carries). */
export const WhichAddressOutputSchema = z.object({
  address: z.string().min(1).max(300).describe('The delivery address, as the user wrote it.'),
});
export type WhichAddressOutput = z.infer<typeof WhichAddressOutputSchema>;

/**
 * The `whichAddress` interrupt: a question with no body. The model asks it when the user wants
 * an order sent elsewhere but gave no address; the app shows the question and answers with
 * `respond` (the client's `answer`), and the model goes on with the address.
 */
export function whichAddressInterrupt(): Tool {
  return defineInterrupt({
    name: 'whichAddress',
    description:
      'Asks the user which delivery address they mean for an order. Call it when the user wants an order delivered elsewhere and has not given the address.',
    inputSchema: z.object({ orderId: OrderIdSchema }),
    outputSchema: WhichAddressOutputSchema,
    requestMetadata: ({ orderId }) => ({ question: `Which address should order ${orderId} be delivered to?`, orderId }),
  });
}
