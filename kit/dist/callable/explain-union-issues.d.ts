import { z } from 'zod';
/**
 * The error with each failed union replaced by the issues of the branch the client meant, so
 * `message: Invalid input` becomes `message: must have at most 16 parts` or `message.0.text: …`.
 */
export declare function explainUnionIssues(error: z.ZodError): z.ZodError;
