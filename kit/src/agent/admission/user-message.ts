import { fromZodError, KitError } from '../../errors/index.js';
import { findUnsupported, type Message, MessageSchema } from '../../model/index.js';
import { redactValue } from '../../trace/index.js';
import type { AgentRuntime } from '../runtime/index.js';
import type { AgentInput } from '../turn/index.js';

/** The user message of a call, checked (also against what the agent's model can take); undefined for a resume. */
export function userMessage(rt: AgentRuntime, input: AgentInput): Message | undefined {
  const hasMessage = input.message !== undefined;
  const hasResume = input.resume !== undefined;
  // The one check of "message xor resume" for every caller (the protocol's schema tells a wire caller which field).
  if (hasMessage === hasResume) {
    throw new KitError('invalid-argument', 'a call carries either a message or a resume', { reason: 'INVALID_FIELD' });
  }
  if (!hasMessage) return undefined;
  const content = typeof input.message === 'string' ? [{ text: input.message }] : input.message;
  const parsed = MessageSchema.safeParse({ role: 'user', content });
  if (!parsed.success) throw fromZodError(parsed.error, 'message');
  if (!parsed.data.content.length || (typeof input.message === 'string' && !input.message.trim())) {
    throw new KitError('invalid-argument', 'the message is empty', {
      reason: 'INVALID_FIELD',
      details: { field: 'message' },
    });
  }
  // Refused before it is stored: a message the model can't take would fail every later turn.
  const unsupported = findUnsupported({ messages: [parsed.data] }, rt.model.info.supports ?? {});
  if (unsupported) {
    throw new KitError(
      'invalid-argument',
      `this agent's model does not take ${unsupported.replace('request.messages[0].', 'message.')}`,
      {
        reason: 'INVALID_FIELD',
        details: { field: 'message' },
      },
    );
  }
  // A key the user pasted is never stored (nor sent on to the model).
  return redactValue(parsed.data);
}
