import {
  composeMiddleware,
  type GenerateRequest,
  type GenerateResponse,
  type GenerateResponseChunk,
  type Model,
  type ModelCallOptions,
  type ModelMiddleware,
} from '../model/index.js';

/** How one model call of the loop is made. */
export interface ModelCallScope {
  model: Model;
  use: readonly ModelMiddleware[];
  signal: AbortSignal | undefined;
  onChunk: ((chunk: GenerateResponseChunk) => void) | undefined;
}

/**
 * Calls the model through the caller's middleware. Chunks are tagged with the message index;
 * a model that didn't stream still yields one chunk with its whole message, so a streaming
 * client always sees the answer.
 */
export async function callModel(
  request: GenerateRequest,
  index: number,
  scope: ModelCallScope,
): Promise<GenerateResponse> {
  const options: ModelCallOptions = {};
  if (scope.signal) options.signal = scope.signal;
  let streamed = false;
  const onChunk = scope.onChunk;
  if (onChunk) {
    options.onChunk = (chunk) => {
      streamed = true;
      onChunk({ ...chunk, index, role: 'model' });
    };
  }
  const next = (req: GenerateRequest, opts: ModelCallOptions) => scope.model.generate(req, opts);
  const response = await (scope.use.length ? composeMiddleware(scope.use, next) : next)(request, options);
  if (onChunk && !streamed && response.message?.content.length) {
    onChunk({ index, role: 'model', content: response.message.content });
  }
  return response;
}
