import { afterEach, describe, expect, it } from 'vitest';
import { orderWhileBusyValue } from './order-while-busy.js';

describe('orderWhileBusyValue', () => {
  afterEach(() => {
    delete process.env.ORDER_ASSISTANT_WHILE_BUSY;
  });

  it('queues when the parameter is not set or names anything else', () => {
    expect(orderWhileBusyValue()).toBe('queue');
    process.env.ORDER_ASSISTANT_WHILE_BUSY = 'reject';
    expect(orderWhileBusyValue()).toBe('queue');
  });

  it('interrupts when the parameter says interrupt', () => {
    process.env.ORDER_ASSISTANT_WHILE_BUSY = 'interrupt';
    expect(orderWhileBusyValue()).toBe('interrupt');
  });
});
