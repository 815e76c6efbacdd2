// The interim demo: an interrupted turn stored to disk by one process and resumed by a fresh
// one (a cold start), with the offline scripted model. The full demo on the emulator stack
// replaces it.
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { generate, type Message, scriptedModel, type ToolRequestPart } from '../kit/index.js';
import { defineTool } from '../kit/tools/index.js';

const transfer = defineTool(
  {
    name: 'transfer',
    description: 'Moves money; asks the user first.',
    inputSchema: z.object({ to: z.string(), amount: z.number().positive() }),
    outputSchema: z.object({ moved: z.number() }),
  },
  ({ to, amount }, ctx) => {
    if (!ctx.resumed) ctx.interrupt({ question: `Send ${amount} EUR to ${to}?` });
    return { moved: amount };
  },
);

const model = scriptedModel((request) => {
  const last = request.messages.at(-1);
  if (last?.role === 'tool') return 'Done: the money is on its way.';
  return {
    message: { role: 'model', content: [{ toolRequest: { name: 'transfer', input: { to: 'Ann', amount: 50 } } }] },
    finishReason: 'stop',
  };
});

const [phase, file = 'demo-state.json'] = process.argv.slice(2);
if (phase === 'ask') {
  const result = await generate({
    model,
    system: 'You move money carefully.',
    prompt: 'Send Ann 50 euros',
    tools: [transfer],
  });
  const interrupt = result.interrupts[0] as ToolRequestPart;
  console.log(`user : Send Ann 50 euros\nmodel: calls transfer ${JSON.stringify(interrupt.toolRequest.input)}`);
  console.log(`       -> interrupted (${result.finishReason}): ${JSON.stringify(interrupt.metadata?.interrupt)}`);
  writeFileSync(file, JSON.stringify(result.messages));
  console.log(`       stored ${result.messages.length} messages in ${file}`);
} else if (phase === 'approve') {
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Message[];
  const interrupt = messages.at(-1)?.content.find((p) => 'toolRequest' in p) as ToolRequestPart;
  console.log('user : approves (a fresh process resumes the stored turn)');
  const result = await generate({
    model,
    messages,
    tools: [transfer],
    resume: { restart: [transfer.restart(interrupt)] },
  });
  console.log(`model: ${result.text} (${result.finishReason})`);
} else {
  console.error('usage: engine-demo ask|approve [state-file]');
  process.exitCode = 2;
}
