import { describe, expect, it } from 'vitest';
import { presentationOf, sourceWords } from './what-runs.js';

describe('sourceWords', () => {
  it('marks the model’s words, quotes the owner’s as theirs, and names the records', () => {
    expect(sourceWords('model', 'approver')).toBe('written by the assistant');
    expect(sourceWords('owner', 'approver')).toBe('the customer’s own words');
    expect(sourceWords('owner', 'owner')).toBe('your own words');
    expect(sourceWords('tool', 'owner')).toBe('from the records');
  });
});

describe('presentationOf', () => {
  it('takes the tool’s presentation when the call has one, else the input as it is, every word the model’s', () => {
    const presented = { fields: [{ label: 'Amount', value: '€24.00', source: 'tool' as const }] };
    expect(presentationOf(presented, { orderId: 'A-1002' })).toBe(presented);
    expect(presentationOf(undefined, { orderId: 'A-1002' })).toEqual({
      fields: [{ label: 'orderId', value: 'A-1002', source: 'model' }],
    });
  });
});
