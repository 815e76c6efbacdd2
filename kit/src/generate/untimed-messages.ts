import { type GenerateRequest, type Message, withoutMessageTime } from '../model/index.js';

/**
 * A generation's messages as its model is given them: without the times the session stored them
 * at (`metadata.at`), which are the session's, not the conversation's. Kept in step with the
 * loop's list, which grows in place and only ever has its last message replaced: each message is
 * looked at once, and copied only when it carries a time; a conversation with none is given as it is.
 */
export class UntimedMessages {
  private readonly from: Message[] = [];
  private readonly to: Message[] = [];

  /** `request` with its messages untimed (itself when none has a time); valid for the call, as a request's messages are. */
  request(request: GenerateRequest): GenerateRequest {
    const messages = request.messages;
    let timed = false;
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i] as Message;
      if (this.from[i] !== message) {
        this.from[i] = message;
        this.to[i] = withoutMessageTime(message);
      }
      if (this.to[i] !== message) timed = true;
    }
    this.from.length = messages.length;
    this.to.length = messages.length;
    return timed ? { ...request, messages: this.to } : request;
  }
}
