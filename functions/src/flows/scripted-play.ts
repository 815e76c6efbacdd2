import type { GenerateRequest, Message, ModelRunnerResponse, Part } from '@callable-flows/kit/model/index.js';

/** A tool call of the current user turn, with its result once it has one. */
export interface PlayedCall {
  name: string;
  input: unknown;
  output?: unknown;
}

/** What a scripted conversation decides from: the user's words and the calls made since. */
export interface PlayState {
  userText: string;
  calls: PlayedCall[];
}

/** The scripted model's next move: words, a tool call, or both. */
export interface PlayMove {
  text?: string;
  call?: { name: string; input: Record<string, unknown> };
}

const textOf = (content: readonly Part[]): string =>
  content.map((part) => ('text' in part && !part.metadata ? part.text : '')).join('');

/** The play state of a conversation: the last user message, and the tool calls answered after it. */
export function playState(messages: readonly Message[]): PlayState {
  let last = -1;
  for (let i = messages.length - 1; i >= 0 && last < 0; i--) if (messages[i]?.role === 'user') last = i;
  const calls: PlayedCall[] = [];
  const byRef = new Map<string, PlayedCall>();
  for (const message of messages.slice(last + 1)) {
    for (const part of message.content) {
      if ('toolRequest' in part) {
        const call: PlayedCall = { name: part.toolRequest.name, input: part.toolRequest.input };
        calls.push(call);
        byRef.set(part.toolRequest.ref ?? part.toolRequest.name, call);
      } else if ('toolResponse' in part) {
        const call = byRef.get(part.toolResponse.ref ?? part.toolResponse.name);
        if (call) call.output = part.toolResponse.output;
      }
    }
  }
  return { userText: last >= 0 ? textOf((messages[last] as Message).content) : '', calls };
}

/** A scripted model's answer that plays `decide` over the request's conversation. */
export function playScript(decide: (state: PlayState) => PlayMove): (request: GenerateRequest) => ModelRunnerResponse {
  return (request) => {
    const move = decide(playState(request.messages));
    const content: Part[] = [];
    if (move.text) content.push({ text: move.text });
    if (move.call) content.push({ toolRequest: { name: move.call.name, input: move.call.input } });
    return {
      message: { role: 'model', content },
      finishReason: 'stop',
      usage: { inputTokens: JSON.stringify(request.messages).length >> 2, outputTokens: (move.text ?? '').length >> 2 },
    };
  };
}
