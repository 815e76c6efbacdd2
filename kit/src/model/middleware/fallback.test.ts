import { describe, expect, it } from 'vitest';
import { KitError, type KitErrorCode } from '../../errors/index.js';
import { composeMiddleware } from '../compose-middleware.js';
import { defineModel } from '../define-model.js';
import type { GenerateRequest } from '../request.js';
import { fallback } from './fallback.js';

const hello: GenerateRequest = { messages: [{ role: 'user', content: [{ text: 'hi' }] }] };

const failing = (name: string, code: KitErrorCode) =>
  defineModel({ name }, async () => {
    throw new KitError(code, `${name} failed`);
  });
const answering = (name: string) =>
  defineModel({ name }, async () => ({ message: { role: 'model', content: [{ text: name }] }, finishReason: 'stop' }));

describe('fallback', () => {
  it('answers from the next model when the first is unavailable', async () => {
    const primary = failing('primary', 'unavailable');
    const chain = composeMiddleware(
      [fallback({ models: [failing('second', 'resource-exhausted'), answering('third')] })],
      (r, o) => primary.generate(r, o),
    );
    const response = await chain(hello, {});
    expect(response.message?.content).toEqual([{ text: 'third' }]);
  });

  it('does not pass on an error that is not in its statuses', async () => {
    const primary = failing('primary', 'invalid-argument');
    const chain = composeMiddleware([fallback({ models: [answering('backup')] })], (r, o) => primary.generate(r, o));
    await expect(chain(hello, {})).rejects.toMatchObject({ message: 'primary failed' });
  });

  it('rejects with the last model’s error when every model fails', async () => {
    const primary = failing('primary', 'unavailable');
    const chain = composeMiddleware([fallback({ models: [failing('backup', 'unavailable')] })], (r, o) =>
      primary.generate(r, o),
    );
    await expect(chain(hello, {})).rejects.toMatchObject({ message: 'backup failed' });
  });
});
