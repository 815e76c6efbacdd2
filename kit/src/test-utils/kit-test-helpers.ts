import { isKitError, type KitError } from '../errors/index.js';
import type { ModelRunnerResponse, ToolRequest } from '../model/index.js';

/** A scripted model answer that calls the given tools. */
export const toolCalls = (...requests: ToolRequest[]): ModelRunnerResponse => ({
  message: { role: 'model', content: requests.map((toolRequest) => ({ toolRequest })) },
  finishReason: 'stop',
});

/** The kit error `promise` rejects with; fails the test when it resolves or rejects with anything else. */
export async function rejection(promise: Promise<unknown>): Promise<KitError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isKitError(error)) throw new Error(`expected a KitError, got ${String(error)}`);
  return error;
}
