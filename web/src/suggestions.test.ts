import { describe, expect, it } from 'vitest';
import { suggestionsFor } from './suggestions.js';

describe('suggestionsFor', () => {
  it('suggests cancelling the order that can be cancelled and asking after another when there are both', () => {
    const orders = [
      { orderId: 'D-000002', item: 'Milk jug', status: 'shipped' as const },
      { orderId: 'D-000001', item: 'Espresso grinder', status: 'processing' as const },
    ];
    expect(suggestionsFor(orders)).toEqual(['Please cancel my order D-000001', 'Where is my order D-000002?']);
  });

  it('names the same order twice when it is the only one', () => {
    const orders = [{ orderId: 'B-2001', item: 'Tea kettle', status: 'processing' as const }];
    expect(suggestionsFor(orders)).toEqual(['Please cancel my order B-2001', 'Where is my order B-2001?']);
  });

  it('only asks after an order when none can be cancelled', () => {
    const orders = [{ orderId: 'A-1002', item: 'Milk jug', status: 'shipped' as const }];
    expect(suggestionsFor(orders)).toEqual(['Where is my order A-1002?']);
  });

  it('asks a question the assistant answers by asking back when the person has no orders', () => {
    expect(suggestionsFor([])).toEqual(['Can you check on my order?']);
  });
});
