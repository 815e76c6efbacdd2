import { type PresentedInput, presentInputAsIs, type WordSource } from '@callable-flows/protocol';
import { el } from './dom.js';

/** Who is reading a call's presentation: its session's owner (their card), or an approver (their inbox). */
export type Reader = 'owner' | 'approver';

/**
 * Whose words a presented field holds, said to its reader: the model's are marked, since a
 * customer can steer them; the owner's are quoted from their own message; the tool's come from
 * stored records the model did not write.
 */
export function sourceWords(source: WordSource, reader: Reader): string {
  if (source === 'model') return 'written by the assistant';
  if (source === 'owner') return reader === 'owner' ? 'your own words' : 'the customer’s own words';
  return 'from the records';
}

/** What a call shows of what runs: the tool's presentation, else (a tool that declares none, an older call) its input as it is. */
export function presentationOf(presented: PresentedInput | undefined, input: unknown): PresentedInput {
  return presented ?? presentInputAsIs(input);
}

/**
 * The list of what runs: each field's label in words, its value, and whose words it is (in
 * words, not only a colour: `data-source` styles the model's apart).
 */
export function whatRuns(presented: PresentedInput, reader: Reader): HTMLDListElement {
  const list = el('dl', { class: 'what-runs' });
  for (const field of presented.fields) {
    const value = field.source === 'owner' ? `“${field.value}”` : field.value;
    list.append(
      el('dt', {}, field.label),
      el(
        'dd',
        { 'data-source': field.source },
        el('span', { class: 'value' }, value),
        el('span', { class: 'source' }, sourceWords(field.source, reader)),
      ),
    );
  }
  return list;
}
