import { onCallFlow } from '@callable-flows/kit/callable/index.js';
import { callableRequest, rejectionCode } from '@callable-flows/kit/callable/test-utils/callable-request.js';
import { scriptedModel } from '@callable-flows/kit/models/scripted/index.js';
import { describe, expect, it } from 'vitest';
import { defineSummarize } from './summarize.js';
import { scriptedSummary } from './summarize-script.js';

const TEXT =
  'The shop moved to a new warehouse on 3 March. Deliveries to Berlin now take two days. Returns are free until May. Support answers within an hour.';

describe('summarize', () => {
  it('returns a title and bullets parsed from the model output when given text', async () => {
    const model = scriptedModel(scriptedSummary);
    const summary = await defineSummarize(model).run({ text: TEXT, maxBullets: 2 });
    expect(summary).toEqual({
      title: 'The shop moved to a new warehouse on',
      bullets: ['The shop moved to a new warehouse on 3 March.', 'Deliveries to Berlin now take two days.'],
    });
    expect(model.requests[0]?.output).toMatchObject({
      format: 'json',
      schema: expect.objectContaining({ type: 'object' }),
    });
  });

  it('refuses with invalid-argument naming the field when maxBullets is out of range', async () => {
    const fn = onCallFlow({}, defineSummarize(scriptedModel(scriptedSummary)));
    const error = await rejectionCode(fn.run(callableRequest({ text: TEXT, maxBullets: 50 }, { uid: 'u1' })));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain('maxBullets');
  });

  it('fails with internal when the model answers something that is not the schema', async () => {
    const fn = onCallFlow({}, defineSummarize(scriptedModel('{"title": ""}')));
    expect((await rejectionCode(fn.run(callableRequest({ text: TEXT }, { uid: 'u1' })))).code).toBe('internal');
  });
});
