import type {
  ApprovalResult,
  MessageResult,
  StopResult,
  WireChunk,
  WireRequest,
  WithdrawResult,
} from '@callable-flows/protocol';

/** The transport: a Firebase `HttpsCallable` (from `httpsCallable` or `httpsCallableFromURL`) fits. */
export interface WireCallable {
  /**
   * A turn's request answers a `CallResult` (a message may be answered `queued`, a
   * `QueuedResult`; a resume from an approver who is not the owner, an `ApprovalResult`); a
   * stop's (`stop: true`) a `StopResult`; a withdraw's a `WithdrawResult`.
   */
  (data: WireRequest): Promise<{ data: MessageResult | StopResult | ApprovalResult | WithdrawResult }>;
  stream(
    data: WireRequest,
    options?: { signal?: AbortSignal },
  ): Promise<{ stream: AsyncIterable<WireChunk>; data: Promise<MessageResult> }>;
}
