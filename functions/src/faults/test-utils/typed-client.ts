import {
  type CallResult as ClientCallResult,
  type FlowClient,
  flowClient,
  type WireCallable,
  type WireRequest,
} from '@callable-flows/client';
import type { CallRequest, CallResult, FlowCallable } from '@callable-flows/kit/callable/index.js';
import { callableRequest } from '@callable-flows/kit/callable/test-utils/callable-request.js';

/**
 * The typed client on an in-process callable (`fn.run`): the kit's HttpsError reaches it as the
 * Firebase SDK's would (a code and details), so its automatic retry with the same request id runs
 * as it does in an app. `sleep` is its wait before each retry: a test acts there (another tab
 * writes) or returns at once.
 */
export function typedClient(
  fn: FlowCallable<CallRequest, CallResult>,
  uid: string,
  sleep: (ms: number) => Promise<void> = async () => undefined,
): FlowClient {
  const call = async (data: WireRequest): Promise<{ data: ClientCallResult }> => ({
    data: (await fn.run(callableRequest<CallRequest>(data, { uid }))) as ClientCallResult,
  });
  const callable: WireCallable = Object.assign(call, {
    stream: (): never => {
      throw new Error('these tests call without streaming');
    },
  });
  return flowClient(callable, { sleep });
}
