import { describe, expect, it } from 'vitest';
import { composeMiddleware } from './compose-middleware.js';
import type { ModelMiddleware } from './model.js';
import type { GenerateRequest } from './request.js';

describe('composeMiddleware', () => {
  it('runs the first middleware outermost when several wrap the model', async () => {
    const order: string[] = [];
    const step =
      (name: string): ModelMiddleware =>
      async (request, options, next) => {
        order.push(`${name} in`);
        const response = await next(request, options);
        order.push(`${name} out`);
        return response;
      };
    const call = composeMiddleware([step('a'), step('b')], async () => {
      order.push('model');
      return { finishReason: 'stop' };
    });
    await call({ messages: [] } as unknown as GenerateRequest, {});
    expect(order).toEqual(['a in', 'b in', 'model', 'b out', 'a out']);
  });

  it('calls the model directly when there is no middleware', async () => {
    const last = async () => ({ finishReason: 'stop' as const });
    expect(composeMiddleware([], last)).toBe(last);
  });
});
