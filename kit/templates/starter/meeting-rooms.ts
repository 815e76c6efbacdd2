import {
  defineAgent,
  defineTool,
  type GenerateRequest,
  type Model,
  type SessionStore,
  scriptedModel,
} from '@callable-flows/kit';
import { z } from 'zod';

/** Where bookings are kept: Firestore when deployed (meeting-rooms-function.ts), a map in the test. */
export interface Bookings {
  /** Writes booking `id`; fails when a booking of that id exists, so a booking is made once. */
  create(id: string, booking: { room: string; day: string; by: string }): Promise<void>;
}

const ROOMS = ['Ada', 'Grace', 'Hedy'];

/**
 * The offline model: it looks for rooms, books the first, then says how it went. Swap it for
 * `gemini({ model: 'gemini-2.5-flash' })` (and the GEMINI_API_KEY secret) to talk to a real model.
 */
function scriptedRoomsModel(): Model {
  return scriptedModel(
    (request: GenerateRequest) => {
      const last = request.messages.at(-1);
      const answered = last?.role === 'tool' ? last.content.find((part) => 'toolResponse' in part) : undefined;
      const response = answered && 'toolResponse' in answered ? answered.toolResponse : undefined;
      if (response?.name === 'findRooms') {
        const { rooms } = response.output as { rooms: string[] };
        const input = { room: rooms[0] ?? 'Ada', day: 'Monday' };
        return {
          message: { role: 'model', content: [{ toolRequest: { name: 'bookRoom', input } }] },
          finishReason: 'stop',
        };
      }
      if (response?.name === 'bookRoom') {
        return (response.output as { booked: boolean }).booked ? 'Booked Ada for Monday.' : 'Nothing was booked.';
      }
      const find = { toolRequest: { name: 'findRooms', input: { day: 'Monday' } } };
      return { message: { role: 'model', content: [find] }, finishReason: 'stop' };
    },
    // Deployed, it keeps none of the requests it answers.
    { record: false },
  );
}

/** The meeting-room assistant: a read-only `findRooms`, and a `bookRoom` that asks the person first. */
export function defineMeetingRooms(options: { store: SessionStore; bookings: () => Bookings; model?: Model }) {
  const findRooms = defineTool(
    {
      name: 'findRooms',
      description: 'Lists the meeting rooms free on a day.',
      inputSchema: z.object({ day: z.string() }),
      outputSchema: z.object({ rooms: z.array(z.string()) }),
    },
    async () => ({ rooms: ROOMS }),
  );
  const bookRoom = defineTool(
    {
      name: 'bookRoom',
      description: 'Books a meeting room for a day; the person approves first.',
      inputSchema: z.object({ room: z.string(), day: z.string() }),
      outputSchema: z.object({ booked: z.boolean() }),
      sideEffects: 'idempotent',
      onDecline: () => ({ booked: false }),
    },
    async ({ room, day }, ctx) => {
      if (!ctx.resumed) ctx.interrupt({ question: `Book ${room} for ${day}?` });
      // ctx.callId is the kit's id of this call, the same on a retry or a resume: one booking.
      const by = (ctx.context.auth as { uid?: string } | undefined)?.uid ?? 'unknown';
      await options.bookings().create(ctx.callId, { room, day, by });
      return { booked: true };
    },
  );
  return defineAgent({
    name: 'meetingRooms',
    model: options.model ?? scriptedRoomsModel(),
    system: 'You book meeting rooms. Find the free rooms first; book only what the person asks for.',
    tools: [findRooms, bookRoom],
    store: options.store,
  });
}
