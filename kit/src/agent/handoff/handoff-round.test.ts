import { describe, expect, it } from 'vitest';
import type { Message } from '../../model/index.js';
import { scriptedModel } from '../../models/scripted/index.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { defineAgent } from '../define-agent.js';
import { runtimeOf } from './agent-runtimes.js';
import { dueHandoff, handoffOf, withHandoff } from './handoff-round.js';
import { handoffTo } from './handoff-to.js';

const store = new InMemorySessionStore();
const model = scriptedModel(() => 'x');
const refunds = defineAgent({ name: 'refunds', model, store });
const front = defineAgent({ name: 'front', model, store, tools: [handoffTo(refunds)] });
const rt = () => runtimeOf(front) as NonNullable<ReturnType<typeof runtimeOf>>;

const asked: Message = {
  role: 'model',
  content: [{ text: 'over to refunds' }, { toolRequest: { name: 'transfer_to_refunds', ref: 'h1', input: {} } }],
};
const answered: Message = {
  role: 'tool',
  content: [{ toolResponse: { name: 'transfer_to_refunds', ref: 'h1', output: { handedTo: 'refunds' } } }],
};
const user: Message = { role: 'user', content: [{ text: 'refund please' }] };

describe('dueHandoff', () => {
  it('finds the hand-off the last model message asked for once its call is answered', () => {
    expect(dueHandoff(rt(), [user, asked, answered])).toMatchObject({ at: 1, to: { name: 'refunds' } });
  });

  it('finds it from the stamp of a call journaled before its tool message was written', () => {
    const stamped: Message = {
      ...asked,
      content: [
        {
          toolRequest: { name: 'transfer_to_refunds', ref: 'h1', input: {} },
          metadata: { pendingOutput: { handedTo: 'refunds' } },
        },
      ],
    };
    expect(dueHandoff(rt(), [user, stamped])).toMatchObject({ at: 1 });
  });

  it('finds none while the call is unanswered, once the switch is recorded, or when it failed', () => {
    expect(dueHandoff(rt(), [user, asked])).toBeUndefined();
    const switched = withHandoff([user, asked, answered], 1, { from: 'front', to: 'refunds', at: 5 });
    expect(handoffOf(switched[1])).toEqual({ from: 'front', to: 'refunds', at: 5 });
    expect(dueHandoff(rt(), switched)).toBeUndefined();
    const failed: Message = {
      role: 'tool',
      content: [
        {
          toolResponse: { name: 'transfer_to_refunds', ref: 'h1', output: 'bad' },
          metadata: { toolError: { code: 'internal' } },
        },
      ],
    };
    expect(dueHandoff(rt(), [user, asked, failed])).toBeUndefined();
  });

  it('finds none while another call of its round waits for a person or was approved and has not run, then once it is answered', () => {
    const done = { pendingOutput: { handedTo: 'refunds' } };
    const round = (metadata: Record<string, unknown>): Message => ({
      role: 'model',
      content: [
        { toolRequest: { name: 'refund', ref: 'r1', input: {} }, metadata },
        { toolRequest: { name: 'transfer_to_refunds', ref: 'h1', input: {} }, metadata: done },
      ],
    });
    // The waiting call is front's: its approvers admit its answer and its tool runs it, so the session stays front's.
    expect(dueHandoff(rt(), [user, round({ interrupt: { title: 'refund?' } })])).toBeUndefined();
    expect(dueHandoff(rt(), [user, round({ resumed: true, resolvedInterrupt: {} })])).toBeUndefined();
    expect(dueHandoff(rt(), [user, round({ pendingOutput: 'refunded', answer: 'restart' })])).toMatchObject({ at: 1 });
    expect(dueHandoff(rt(), [user, round({ pendingOutput: 'no', answer: 'decline' })])).toMatchObject({ at: 1 });
  });

  it('finds none for a tool that hands to nobody, or on an agent without hand-offs', () => {
    const other: Message = { role: 'model', content: [{ toolRequest: { name: 'lookup', ref: 'l1', input: {} } }] };
    expect(dueHandoff(rt(), [user, other])).toBeUndefined();
    expect(
      dueHandoff(runtimeOf(refunds) as NonNullable<ReturnType<typeof runtimeOf>>, [user, asked, answered]),
    ).toBeUndefined();
  });
});
