import type { McpToolInfo } from '@callable-flows/kit/mcp/index.js';
import { describe, expect, it } from 'vitest';
import { refundShown, refundWords } from './refund-words.js';

const tool = { name: 'refundOrder' } as McpToolInfo;
const input = { orderId: 'A-1002', item: 'Milk jug', status: 'shipped', amountCents: 2450, reason: 'broken' };

describe('refundWords', () => {
  it('asks with the amount and states what the refund does and can’t undo, in the tool’s words', () => {
    const words = refundWords(tool, input);
    expect(words).toMatchObject({
      title: 'Refund €24.50 for order A-1002?',
      summary: 'Refund the Milk jug of order A-1002 (shipped).',
      approveLabel: 'Approve refund',
    });
    expect(words.consequence).toContain('The customer gets €24.50 back');
    expect(words.consequence).not.toContain('may change or delete data');
  });

  it('asks without an amount when the model gave none', () => {
    const { amountCents: _a, ...noAmount } = input;
    expect(refundWords(tool, noAmount).title).toBe('Refund order A-1002?');
  });
});

describe('refundShown', () => {
  it('labels each value in words, quotes the customer’s own message and marks the model’s words', () => {
    expect(refundShown(tool, input, { userText: 'My milk jug arrived cracked' }).fields).toEqual([
      { label: 'Order', value: 'A-1002', source: 'model' },
      { label: 'Item', value: 'Milk jug', source: 'model' },
      { label: 'Status', value: 'shipped', source: 'model' },
      { label: 'Amount', value: '€24.50', source: 'model' },
      { label: 'The customer wrote', value: 'My milk jug arrived cracked', source: 'owner' },
      { label: 'Reason given', value: 'broken', source: 'model' },
    ]);
  });

  it('quotes nobody when there is no message of the customer’s', () => {
    const labels = refundShown(tool, input, { userText: undefined }).fields.map((f) => f.label);
    expect(labels).not.toContain('The customer wrote');
  });
});
