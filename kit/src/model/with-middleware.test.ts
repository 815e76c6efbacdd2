import { describe, expect, it } from 'vitest';
import { defineModel } from './define-model.js';
import type { ModelMiddleware } from './model.js';
import { withMiddleware } from './with-middleware.js';

const hello = () =>
  defineModel({ name: 'hello' }, async () => ({
    message: { role: 'model', content: [{ text: 'hello' }] },
    finishReason: 'stop',
  }));

describe('withMiddleware', () => {
  it('runs the middleware around every call and keeps the model’s name and info', async () => {
    const model = hello();
    const seen: number[] = [];
    const count: ModelMiddleware = async (request, options, next) => {
      seen.push(request.messages.length);
      return next(request, options);
    };
    const wrapped = withMiddleware(model, [count]);
    expect(wrapped.name).toBe(model.name);
    expect(wrapped.info).toBe(model.info);
    const response = await wrapped.generate({ messages: [{ role: 'user', content: [{ text: 'hi' }] }] });
    expect(response.message?.content).toEqual([{ text: 'hello' }]);
    expect(seen).toEqual([1]);
  });

  it('gives back the model itself when there is no middleware', () => {
    const model = hello();
    expect(withMiddleware(model, [])).toBe(model);
  });
});
