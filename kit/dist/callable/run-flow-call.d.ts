import type { Flow } from '../flow/index.js';
import type { CallContext } from './call-context.js';
/**
 * One call of a stateless flow over the wire: the data is the flow's input (parsed by its
 * input schema), the result is its output, the stream is the wire chunks of its generate calls.
 */
export declare function runFlowCall(flow: Flow, call: CallContext): Promise<unknown>;
