import type { WireChunk } from '@callable-flows/protocol';
import type { CallableFunction, CallableRequest, CallableResponse } from 'firebase-functions/v2/https';

/**
 * The callable {@link onCallFlow} returns. Its `run` takes the response too (firebase-functions
 * passes it to the handler), so a test can stream and disconnect without an HTTP server.
 */
export interface FlowCallable<Data, Result> extends CallableFunction<Data, Promise<Result>, WireChunk> {
  run(request: CallableRequest<Data>, response?: CallableResponse<WireChunk>): Promise<Result>;
}
