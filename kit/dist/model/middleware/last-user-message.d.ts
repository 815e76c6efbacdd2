import type { Message } from '../message.js';
/** A copy of `messages` with `part` appended to the last user message (if there is one). */
export declare function appendToLastUserMessage(messages: readonly Message[], part: Message['content'][number]): Message[];
/** True when the last user message already carries a part added for `purpose`. */
export declare function lastUserMessageHasPurpose(messages: readonly Message[], purpose: string): boolean;
