import * as z from 'zod/mini';

// What a person who approves a call is shown of its input, as the call's tool presents it
// (`presentInput`), stamped on the call when it starts to wait: the inbox document, the wire
// interrupt and the session's own record carry the same copy. A tool that declares none shows the
// input itself (`presentInputAsIs`: nothing is stamped, every reader derives it; the inbox document,
// which its approvers read instead of the session, always holds it). Each field says whose words it
// holds, so a card can tell the model's words from the others.

/**
 * Whose words a presented field holds: `model` (the model wrote them: a customer can steer
 * them), `owner` (the session owner's own words, quoted from their message), `tool` (the tool's
 * own, from stored state the model did not write).
 */
export const WORD_SOURCES = ['model', 'owner', 'tool'] as const;
export type WordSource = (typeof WORD_SOURCES)[number];

/** One field of a presented input: its label in words, its value as text, and whose words it is. */
export const PresentedFieldSchema = z.object({
  label: z.string(),
  value: z.string(),
  source: z.enum(WORD_SOURCES),
});
export type PresentedField = z.infer<typeof PresentedFieldSchema>;

/** A call's input as its tool presents it to the person who approves it (secrets redacted). */
export const PresentedInputSchema = z.object({ fields: z.array(PresentedFieldSchema) });
export type PresentedInput = z.infer<typeof PresentedInputSchema>;

/** The longest value a presented field keeps: a card shows a line or a paragraph, not a document. */
export const MAX_PRESENTED_VALUE = 2_000;

/** A value as the text a person reads, bounded: a string as it is, anything else as JSON. */
export function presentedText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_PRESENTED_VALUE ? `${text.slice(0, MAX_PRESENTED_VALUE - 1)}…` : text;
}

/**
 * The default presentation of a call's input: the input itself, one field per top-level key under
 * its own name (an input that is not an object as one field), every word the model's, for the
 * model wrote the whole input. What a call whose tool declares no `presentInput` shows.
 */
export function presentInputAsIs(input: unknown): PresentedInput {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return input === undefined
      ? { fields: [] }
      : { fields: [{ label: 'input', value: presentedText(input), source: 'model' }] };
  }
  const fields: PresentedField[] = [];
  for (const [label, value] of Object.entries(input)) {
    if (value !== undefined) fields.push({ label, value: presentedText(value), source: 'model' });
  }
  return { fields };
}
