import { MAX_PRESENTED_VALUE, presentInputAsIs } from '@callable-flows/protocol';
import { describe, expect, it } from 'vitest';
import { type PresentInput, presentationOf } from './present-input.js';

const none = { userText: undefined };

describe('presentationOf', () => {
  it('takes the tool’s presentation, with the person’s own words it quotes', () => {
    const present: PresentInput = (input, { userText }) => ({
      fields: [
        { label: 'Order', value: String((input as { orderId: string }).orderId), source: 'model' },
        { label: 'In the customer’s words', value: userText ?? '', source: 'owner' },
      ],
    });
    expect(presentationOf(present, { orderId: 'A-1' }, { userText: 'it broke' })).toEqual({
      fields: [
        { label: 'Order', value: 'A-1', source: 'model' },
        { label: 'In the customer’s words', value: 'it broke', source: 'owner' },
      ],
    });
  });

  it('redacts secrets in the presentation when a value holds one', () => {
    const key = `AIza${'x'.repeat(35)}`;
    const shown = presentationOf(undefined, { url: `https://api.test/?key=${key}` }, none);
    expect(JSON.stringify(shown)).not.toContain(key);
    expect(shown.fields[0]?.value).toContain('[redacted]');
  });

  it('shows the input as it is when the tool’s presentation throws or is of no known shape', () => {
    const input = { to: 'Bob' };
    const asIs = presentInputAsIs(input);
    const throwing: PresentInput = () => {
      throw new Error('bug');
    };
    const shapeless = (() => ({
      fields: [{ label: 'To', value: 'Bob', source: 'rumour' }],
    })) as unknown as PresentInput;
    expect(presentationOf(throwing, input, none)).toEqual(asIs);
    expect(presentationOf(shapeless, input, none)).toEqual(asIs);
  });

  it('bounds a long value when a field runs past the limit', () => {
    const shown = presentationOf(undefined, { text: 'y'.repeat(MAX_PRESENTED_VALUE + 50) }, none);
    expect(shown.fields[0]?.value).toHaveLength(MAX_PRESENTED_VALUE);
  });
});
