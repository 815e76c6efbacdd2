import type { GenerateRequest, Message } from '@callable-flows/kit/model/index.js';
import { benchProtocolReply } from '@callable-flows/kit/test-utils/bench-protocol-reply.js';
import { ioReply } from '../protocol-tools.js';
import type { GenkitBetaModule, GenkitGenerateResponse, GenkitMessage, GenkitTool } from './genkit-api.js';
import type { GenkitInstall } from './load-genkit.js';

/** Counts calls, so each Genkit iteration is checked like the kit's. */
export interface GenkitCounter {
  model: number;
  tools: number;
}

/** The protocol's tool names; a workload passes exactly the ones it uses. */
export type ProtocolToolName = 'lookup' | 'confirm' | 'guarded';

/** The bench protocol's model and tools built with Genkit's own API, and the two ways to drive them. */
export interface GenkitProtocol {
  /** `ai.generate` with a prompt after `messages`, offering only `tools`. */
  simple(
    prompt: string,
    messages: GenkitMessage[],
    tools: readonly ProtocolToolName[],
  ): Promise<GenkitGenerateResponse>;
  /** `script: <tool>*1`, interrupted, then `ai.generate` again with `resume` (respond or restart). */
  interrupted(tool: 'confirm' | 'guarded'): Promise<GenkitGenerateResponse>;
}

/**
 * A thin adapter of Genkit's API over the same scripted model (the bench's `benchProtocolReply`,
 * a pure function of the request's messages) and the same tools of docs/bench-protocol.md. Tool
 * bodies are async and await the same resolved I/O-like promise as the kit's async tools.
 */
export function genkitProtocol(install: GenkitInstall, counter: GenkitCounter): GenkitProtocol {
  const { genkit, z } = install.require('genkit/beta') as GenkitBetaModule;
  const ai = genkit({});
  const model = ai.defineModel(
    { name: 'bench/scripted', supports: { multiturn: true, tools: true, systemRole: true } },
    async (request) => {
      counter.model++;
      return benchProtocolReply(request as unknown as GenerateRequest);
    },
  );
  const idInput = z.object({ id: z.string() });
  const valueOutput = z.object({ value: z.number() });
  const lookup = ai.defineTool(
    { name: 'lookup', description: 'Looks a value up by id.', inputSchema: idInput, outputSchema: valueOutput },
    async ({ id }) => {
      counter.tools++;
      return { value: await ioReply(id.length) };
    },
  );
  const confirm = ai.defineInterrupt({
    name: 'confirm',
    description: 'Asks the user to confirm.',
    outputSchema: z.object({ ok: z.boolean() }),
  });
  const guarded = ai.defineTool(
    { name: 'guarded', description: 'Runs only once approved.', inputSchema: idInput, outputSchema: valueOutput },
    async ({ id }, ctx) => {
      counter.tools++;
      if (!ctx.resumed) ctx.interrupt({ reason: 'approval needed' });
      return { value: await ioReply(id.length) };
    },
  );
  const byName: Record<ProtocolToolName, GenkitTool> = { lookup, confirm, guarded };
  return {
    simple: (prompt, messages, tools) =>
      ai.generate({ model, messages, prompt, tools: tools.map((name) => byName[name]) }),
    async interrupted(tool) {
      const tools = [byName[tool]];
      const first = await ai.generate({ model, prompt: `script: ${tool}*1`, tools });
      const pending = first.interrupts[0];
      if (!pending) throw new Error(`Genkit ${tool}: no interrupt`);
      const resume =
        tool === 'confirm'
          ? { respond: [confirm.respond(pending, { ok: true })] }
          : { restart: [guarded.restart(pending)] };
      return ai.generate({ model, messages: first.messages, tools, resume });
    },
  };
}

/** The kit's messages as Genkit takes them (the same shape; a copy, so neither side shares objects). */
export function toGenkitMessages(messages: readonly Message[]): GenkitMessage[] {
  return structuredClone(messages) as unknown as GenkitMessage[];
}
