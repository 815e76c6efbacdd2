import { describe, expectTypeOf, it } from 'vitest';
import type { FlowClient } from './flow.js';
import type { FlowInterrupt, FlowResult } from './flow-types.js';

type Orders = {
  output: { summary: string };
  interrupts: {
    cancelOrder: { input: { orderId: string }; metadata: { question: string } };
    whichAddress: { input: { orderId: string }; output: { address: string } };
  };
};

describe('FlowTypes', () => {
  it('types interrupts by name, their answers and the output when the app declares them', () => {
    type Interrupt = FlowInterrupt<Orders>;
    expectTypeOf<Interrupt['name']>().toEqualTypeOf<'cancelOrder' | 'whichAddress'>();
    expectTypeOf<Extract<Interrupt, { name: 'cancelOrder' }>['input']>().toEqualTypeOf<{ orderId: string }>();
    expectTypeOf<FlowResult<Orders>['output']>().toEqualTypeOf<{ summary: string } | null>();
  });

  it('checks an answer and a replaced input against the interrupt’s types at compile time', () => {
    // Never called: the functions exist for the type checker.
    const client = {} as FlowClient<Orders>;
    const which = {} as FlowInterrupt<Orders, 'whichAddress'>;
    const cancel = {} as FlowInterrupt<Orders, 'cancelOrder'>;
    const calls = [
      () => client.answer(which, { address: '1 Quay St' }),
      // @ts-expect-error the answer to whichAddress is { address: string }
      () => client.answer(which, { addr: 1 }),
      () => client.approve(cancel, { replaceInput: { orderId: 'A-2' } }),
      // @ts-expect-error cancelOrder's input is { orderId: string }
      () => client.approve(cancel, { replaceInput: { order: 2 } }),
      // An edit names only the fields it changes.
      () => client.approve(cancel, { replaceInput: {} }),
    ];
    expectTypeOf(calls).toBeArray();
  });
});
