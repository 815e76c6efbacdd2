import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InMemorySessionStore } from '@callable-flows/kit';
import { type Bookings, defineMeetingRooms } from './meeting-rooms.js';

/** The bookings in a map, refusing a second booking of one id as Firestore's create() does. */
function bookingsInMemory(): Bookings & { made: Map<string, unknown> } {
  const made = new Map<string, unknown>();
  return {
    made,
    create: async (id, booking) => {
      if (made.has(id)) throw new Error(`booking ${id} exists`);
      made.set(id, booking);
    },
  };
}

/** Ann's call, as the callable passes it: her uid, and her auth in the tools' context. */
const ann = { uid: 'ann', context: { auth: { uid: 'ann' } } };

describe('meetingRooms', () => {
  it('asks before it books, and books once when the person approves', async () => {
    const bookings = bookingsInMemory();
    const agent = defineMeetingRooms({ store: new InMemorySessionStore(), bookings: () => bookings });
    const asked = await agent.send(undefined, { message: 'A room for Monday, please' }, ann);
    assert.equal(asked.status, 'interrupted');
    const [interrupt] = asked.status === 'interrupted' ? asked.interrupts : [];
    assert.deepEqual(interrupt?.metadata, { question: 'Book Ada for Monday?' });
    assert.equal(bookings.made.size, 0);

    const restart = [{ ref: interrupt?.ref ?? '', name: 'bookRoom' }];
    const done = await agent.send(asked.sessionId, { resume: { restart } }, ann);
    assert.equal(done.status, 'done');
    assert.equal(done.status === 'done' ? done.text : '', 'Booked Ada for Monday.');
    assert.deepEqual([...bookings.made.values()], [{ room: 'Ada', day: 'Monday', by: 'ann' }]);
  });

  it('books nothing when the person declines', async () => {
    const bookings = bookingsInMemory();
    const agent = defineMeetingRooms({ store: new InMemorySessionStore(), bookings: () => bookings });
    const asked = await agent.send(undefined, { message: 'A room for Monday, please' }, ann);
    const [interrupt] = asked.status === 'interrupted' ? asked.interrupts : [];
    const decline = [{ ref: interrupt?.ref ?? '', name: 'bookRoom', reason: 'not needed' }];
    const done = await agent.send(asked.sessionId, { resume: { decline } }, ann);
    assert.equal(done.status === 'done' ? done.text : done.status, 'Nothing was booked.');
    assert.equal(bookings.made.size, 0);
  });
});
