import { isKitError } from '../errors/index.js';
/** A scripted model answer that calls the given tools. */
export const toolCalls = (...requests) => ({
    message: { role: 'model', content: requests.map((toolRequest) => ({ toolRequest })) },
    finishReason: 'stop',
});
/** The kit error `promise` rejects with; fails the test when it resolves or rejects with anything else. */
export async function rejection(promise) {
    const error = await promise.then(() => undefined, (e) => e);
    if (!isKitError(error))
        throw new Error(`expected a KitError, got ${String(error)}`);
    return error;
}
//# sourceMappingURL=kit-test-helpers.js.map