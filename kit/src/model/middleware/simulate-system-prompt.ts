import type { Message } from '../message.js';
import type { ModelMiddleware } from '../model.js';

/**
 * For models with no system role: the system message becomes a user turn the model
 * acknowledges, so the instructions still lead the conversation.
 */
export function simulateSystemPrompt(): ModelMiddleware {
  return (request, options, next) => {
    const index = request.messages.findIndex((m) => m.role === 'system');
    if (index < 0) return next(request, options);
    const system = request.messages[index] as Message;
    const messages = [
      ...request.messages.slice(0, index),
      { role: 'user', content: [{ text: 'SYSTEM INSTRUCTIONS:\n' }, ...system.content] },
      { role: 'model', content: [{ text: 'Understood.' }] },
      ...request.messages.slice(index + 1),
    ] satisfies Message[];
    return next({ ...request, messages }, options);
  };
}
