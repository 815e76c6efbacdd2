import type { ModelMiddleware } from '../model.js';
/**
 * For models with no system role: the system message becomes a user turn the model
 * acknowledges, so the instructions still lead the conversation.
 */
export declare function simulateSystemPrompt(): ModelMiddleware;
