import type { GenerateRequest, Message, Part, ToolRequestPart } from '@callable-flows/kit/model/index.js';
import { benchProtocolReply } from '@callable-flows/kit/test-utils/bench-protocol-reply.js';

/** A plain tool for the floor: no schema, no limits. */
export type FloorTool = (input: { id: string }, resumed: boolean) => { value: number } | 'interrupt';

/** What the floor loop returns. */
export interface FloorResult {
  messages: Message[];
  text: string;
  finishReason: 'stop' | 'interrupted';
  modelCalls: number;
}

/**
 * The smallest hand-written tool loop over the same scripted model and tools: no validation,
 * no middleware, no streaming. The engine's figure minus this one is what the engine adds.
 */
export async function floorLoop(
  messages: Message[],
  tools: Record<string, FloorTool>,
  resume?: { respond?: unknown; restart?: boolean },
): Promise<FloorResult> {
  let modelCalls = 0;
  if (resume) {
    const last = messages[messages.length - 1] as Message;
    const content: Part[] = [];
    for (const part of last.content as ToolRequestPart[]) {
      const { name, ref, input } = part.toolRequest;
      const output = resume.restart ? (tools[name] as FloorTool)(input as { id: string }, true) : resume.respond;
      content.push({ toolResponse: { name, ref, output } } as Part);
    }
    messages.push({ role: 'tool', content });
  }
  for (;;) {
    const response = benchProtocolReply({ messages } as GenerateRequest);
    modelCalls++;
    const message = response.message as Message;
    messages.push(message);
    const requests = message.content.filter((p): p is ToolRequestPart => 'toolRequest' in p);
    if (!requests.length) {
      const text = message.content.map((p) => ('text' in p ? p.text : '')).join('');
      return { messages, text, finishReason: 'stop', modelCalls };
    }
    const outputs = await Promise.all(
      requests.map(async (r) =>
        (tools[r.toolRequest.name] ?? (() => 'interrupt'))(r.toolRequest.input as { id: string }, false),
      ),
    );
    if (outputs.includes('interrupt')) return { messages, text: '', finishReason: 'interrupted', modelCalls };
    messages.push({
      role: 'tool',
      content: requests.map((r, i) => ({
        toolResponse: { name: r.toolRequest.name, ref: r.toolRequest.ref, output: outputs[i] },
      })) as Part[],
    });
  }
}
