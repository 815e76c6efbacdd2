import type { RecordedGeminiRequest } from '@callable-flows/kit/test-utils/fake-gemini/index.js';
import { type FakeGeminiStep, geminiResponse, geminiText } from '@callable-flows/kit/test-utils/fake-gemini/index.js';

type Content = { role?: string; parts?: { functionResponse?: { name: string }; text?: string }[] };
type Body = { contents?: Content[]; tools?: { functionDeclarations?: { name: string }[] }[] };

/**
 * What the fake Gemini answers an instance's agent, as a model would: asked anew, it calls the
 * one tool it was given on the target the user named; told the tool's result, it says so.
 */
export function agentMove(request: RecordedGeminiRequest): FakeGeminiStep {
  const body = request.body as Body;
  const last = body.contents?.at(-1);
  const answered = last?.parts?.find((part) => part.functionResponse)?.functionResponse;
  if (answered) return { response: geminiText(`${answered.name} is done.`) };
  const tool = body.tools?.flatMap((t) => t.functionDeclarations ?? [])[0]?.name;
  const target =
    last?.parts
      ?.find((part) => part.text)
      ?.text?.split(' ')
      .at(-1) ?? 'unknown';
  if (!tool) return { response: geminiText('I have no tools.') };
  return { response: geminiResponse([{ functionCall: { name: tool, args: { target }, id: 'fc-1' } }]) };
}
