import type { WireChunk } from '@callable-flows/protocol';
import type { CallableRequest, CallableResponse } from 'firebase-functions/v2/https';
import type { AgentWarmup } from '../agent/index.js';
import type { TraceSink } from '../trace/trace-sink.js';
import type { MediaPolicy } from './media-policy.js';

/** One admitted call through the callable: everything its path reads, built once, changed by nothing. */
export interface CallContext {
  request: CallableRequest<unknown>;
  /** The streaming response, when the platform gives one. */
  response: CallableResponse<WireChunk> | undefined;
  /** Aborts when the client goes away or the deadline passes. */
  signal: AbortSignal | undefined;
  /** Where an agent call's trace goes besides the agent's own sinks. */
  traces: TraceSink | TraceSink[] | undefined;
  media: MediaPolicy | undefined;
  /** The reads started for this call while it was admitted (`warmCall`). */
  warmed?: AgentWarmup | undefined;
}
