import type { ModelCallOptions, ModelMiddleware } from '../model.js';
import type { Part } from '../parts.js';

/** The name a tool is offered to a model under: the short name after the last `/` (`billing/refund` → `refund`). */
export function shortToolName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

function renamed(part: Part, names: ReadonlyMap<string, string>): Part {
  if ('toolRequest' in part) {
    const name = names.get(part.toolRequest.name);
    return name === undefined ? part : { ...part, toolRequest: { ...part.toolRequest, name } };
  }
  if ('toolResponse' in part) {
    const name = names.get(part.toolResponse.name);
    return name === undefined ? part : { ...part, toolResponse: { ...part.toolResponse, name } };
  }
  return part;
}

const renameAll = (content: Part[], names: ReadonlyMap<string, string>): Part[] =>
  content.map((part) => renamed(part, names));

/**
 * Lets a model see namespaced tools (`billing/refund`) by their short names, as Genkit offers
 * them: the request's tool definitions carry the original in `metadata.originalName`; the
 * history's calls are renamed to the short names on the way in, and the model's calls (and
 * streamed chunks) back to the originals on the way out, so the kit only ever sees full names.
 */
export function shortToolNames(): ModelMiddleware {
  // Not async: a request with no namespaced tool (the common case) passes through at no cost.
  return (request, options, next) => {
    if (!request.tools?.some((t) => t.metadata?.originalName !== undefined)) return next(request, options);
    const toShort = new Map<string, string>();
    for (const tool of request.tools) {
      const original = tool.metadata?.originalName;
      if (typeof original === 'string' && original !== tool.name) toShort.set(original, tool.name);
    }
    const toOriginal = new Map([...toShort].map(([original, short]) => [short, original]));
    const messages = request.messages.map((m) => ({ ...m, content: renameAll(m.content, toShort) }));
    const onChunk = options.onChunk;
    const callOptions: ModelCallOptions = onChunk
      ? { ...options, onChunk: (chunk) => onChunk({ ...chunk, content: renameAll(chunk.content, toOriginal) }) }
      : options;
    return next({ ...request, messages }, callOptions).then((response) =>
      response.message
        ? { ...response, message: { ...response.message, content: renameAll(response.message.content, toOriginal) } }
        : response,
    );
  };
}
