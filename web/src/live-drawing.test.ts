import { describe, expect, it } from 'vitest';
import { LiveDrawing } from './live-drawing.js';
import type { TranscriptEntry } from './transcript.js';

const asked: TranscriptEntry[] = [{ kind: 'user', text: 'Where is A-1001?', index: 0 }];
const answered: TranscriptEntry[] = [...asked, { kind: 'assistant', text: 'It is on its way.' }];

describe('LiveDrawing', () => {
  it('draws a first state, and a state again only when it changed', () => {
    const drawing = new LiveDrawing();
    expect(drawing.shouldDraw(asked, 'model')).toBe(true);
    expect(drawing.shouldDraw(asked, 'model')).toBe(false);
    expect(drawing.shouldDraw(asked, 'tools')).toBe(true);
    expect(drawing.shouldDraw(answered, undefined, 'idle')).toBe(true);
  });

  it("keeps what the stream drew when the settled state ends this tab's call", () => {
    const drawing = new LiveDrawing();
    drawing.shouldDraw(asked, undefined, 'idle');
    drawing.streamed(1, 'idle');
    expect(drawing.shouldDraw(answered, undefined, 'idle')).toBe(false);
    // From then on, the stored session wins: another tab's change is drawn.
    expect(drawing.shouldDraw([...answered, { kind: 'user', text: 'Thanks', index: 2 }], 'model')).toBe(true);
  });

  it('draws a state of the turn that lagged behind the call, and then the settled one (the stream’s drawing was replaced)', () => {
    const drawing = new LiveDrawing();
    drawing.shouldDraw(asked, undefined, 'idle');
    drawing.streamed(1, 'idle');
    expect(drawing.shouldDraw(asked, 'model')).toBe(true);
    expect(drawing.shouldDraw(answered, undefined, 'idle')).toBe(true);
    expect(drawing.shouldDraw(answered, undefined, 'idle')).toBe(false);
  });

  it('takes the settled state as drawn when the lagging state is the one drawn last', () => {
    const drawing = new LiveDrawing();
    drawing.shouldDraw(asked, 'model', 'running');
    drawing.streamed(1, 'idle');
    expect(drawing.shouldDraw(asked, 'model', 'running')).toBe(false);
    expect(drawing.shouldDraw(answered, undefined, 'idle')).toBe(false);
  });

  it('draws the first state of the next session when reset', () => {
    const drawing = new LiveDrawing();
    drawing.shouldDraw(answered, undefined, 'idle');
    drawing.streamed(1, 'idle');
    drawing.reset();
    expect(drawing.shouldDraw(answered, undefined, 'idle')).toBe(true);
  });

  it('draws a later turn at once when a message queued behind the call has started, and its settled state', () => {
    const drawing = new LiveDrawing();
    drawing.shouldDraw(asked, 'model');
    drawing.streamed(1, 'idle');
    const queued: TranscriptEntry[] = [...answered, { kind: 'user', text: 'And A-1002?', index: 2 }];
    expect(drawing.shouldDraw(queued, 'model')).toBe(true);
    expect(drawing.shouldDraw([...queued, { kind: 'assistant', text: 'That one too.' }], undefined)).toBe(true);
  });

  it('draws the first settled state when it is not the one the call ended with (an approval expired meanwhile)', () => {
    const drawing = new LiveDrawing();
    drawing.streamed(1, 'interrupted');
    expect(drawing.shouldDraw(answered, undefined, 'expired')).toBe(true);
  });
});
