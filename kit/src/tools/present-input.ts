import { type PresentedInput, PresentedInputSchema, presentedText, presentInputAsIs } from '@callable-flows/protocol';
import { redactValue } from '../redact/index.js';

/** What a tool's `presentInput` is told beside the call's input. */
export interface PresentContext {
  /**
   * The last message of the person the conversation is for, as stored (their own words, never the
   * model's): a presentation may quote it as `source: 'owner'`. Undefined where there is none, or
   * where the user messages are another model's (a sub-agent's, which its parent's model wrote).
   */
  userText: string | undefined;
}

/**
 * How a tool shows a call's input to the person who approves it: labelled fields, each saying
 * whose words it holds. The kit redacts secrets in it before it is stored or sent.
 */
export type PresentInput<I = unknown> = (input: I, context: PresentContext) => PresentedInput;

/**
 * A call's input as the person who approves it is shown it: the tool's `presentInput` (the input
 * itself by default), checked, values bounded, secrets redacted. A presentation that throws or is
 * of no known shape is the tool's bug: the call is shown as it is rather than not at all.
 */
export function presentationOf(
  present: PresentInput | undefined,
  input: unknown,
  context: PresentContext,
): PresentedInput {
  return redactValue((present && presented(present, input, context)) ?? presentInputAsIs(input));
}

/** What `present` makes of `input`, values bounded; undefined when it throws or gives no known shape. */
function presented(present: PresentInput, input: unknown, context: PresentContext): PresentedInput | undefined {
  try {
    const parsed = PresentedInputSchema.safeParse(present(input, context));
    if (!parsed.success) return undefined;
    return { fields: parsed.data.fields.map((field) => ({ ...field, value: presentedText(field.value) })) };
  } catch {
    return undefined;
  }
}
