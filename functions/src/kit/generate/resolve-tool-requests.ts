import type { Message, ToolRequestPart, ToolResponsePart } from '../model/index.js';
import type { RefToolRequestPart } from './assign-refs.js';
import { executeToolCall, type ToolCallScope } from './execute-tool-call.js';
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
  const outcomes = await Promise.all(
    message.content.map(async (part) => {
      if (!('toolRequest' in part)) return undefined;
      const outcome = await executeToolCall(part as RefToolRequestPart, undefined, scope);
      if (outcome.response) onResponse?.(outcome.response);
      return outcome;
    }),
  );

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
