import type { Message, ToolRequestPart, ToolResponsePart } from '../model/index.js';
import type { RefToolRequestPart } from './assign-refs.js';
import { executeToolCall, type ToolCallScope, type ToolOutcome } from './execute-tool-call.js';
import { stampInterrupt, stampPendingOutput } from './interrupt-stamps.js';

/** The result of running a model message's tool requests. */
export type ResolvedRound =
  | { toolMessage: Message; interruptedMessage?: undefined; interrupts?: undefined }
  | { interruptedMessage: Message; interrupts: ToolRequestPart[]; toolMessage?: undefined };

/**
 * Runs every tool request of `message` in parallel. With no interrupt, the responses form a
 * tool message, in request order. With any interrupt, the model message comes back stamped:
 * interrupted calls carry `interrupt`, finished ones keep their result as `pendingOutput`.
 */
export async function resolveToolRequests(
  message: Message,
  scope: ToolCallScope,
  onResponse?: (response: ToolResponsePart) => void,
): Promise<ResolvedRound> {
  // One promise per call and no closure unless a listener wants each response as it lands.
  const pending: (Promise<ToolOutcome> | undefined)[] = [];
  for (const part of message.content) {
    if (!('toolRequest' in part)) {
      pending.push(undefined);
      continue;
    }
    const outcome = executeToolCall(part as RefToolRequestPart, undefined, scope);
    pending.push(
      onResponse
        ? outcome.then((o) => {
            if (o.response) onResponse(o.response);
            return o;
          })
        : outcome,
    );
  }
  const outcomes = await Promise.all(pending);

  if (!outcomes.some((o) => o?.interrupt !== undefined)) {
    const content = outcomes.flatMap((o) => (o?.response ? [o.response] : []));
    return { toolMessage: { role: 'tool', content } };
  }

  const interrupts: ToolRequestPart[] = [];
  const content = message.content.map((part, i) => {
    const outcome = outcomes[i];
    if (!outcome || !('toolRequest' in part)) return part;
    if (outcome.response) return stampPendingOutput(part, outcome.response);
    const stamped = stampInterrupt(part, outcome.interrupt);
    interrupts.push(stamped);
    return stamped;
  });
  return { interruptedMessage: { ...message, content }, interrupts };
}
