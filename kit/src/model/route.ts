import { KitError } from '../errors/index.js';
import { textOf } from './message-content.js';
import { meter } from './middleware/meter.js';
import type { Model } from './model.js';
import type { Pricing } from './pricing.js';
import type { GenerateRequest } from './request.js';
import type { GenerateResponse } from './response.js';

/** What a route decides from: the request and the facts a router usually looks at. */
export interface RouteRound {
  /** The request as the chosen model will get it (without the task label). */
  request: GenerateRequest;
  /** Characters of text in the request's messages (a cheap stand-in for its length in tokens). */
  chars: number;
  /** The names of the tools offered. */
  tools: string[];
  /** The task label: `config.task` of the call (removed before the model sees the config). */
  task: string | undefined;
}

/** Options of {@link route}. */
export interface RouteOptions {
  /** The route's own name, for logs. Default `route`. */
  name?: string;
  /** Prices per model: each response is metered (see `meter`) under the model that answered. */
  pricing?: Pricing;
}

const TASK_KEY = 'task';

function routeRound(request: GenerateRequest): RouteRound {
  let sent = request;
  let task: string | undefined;
  if (request.config && TASK_KEY in request.config) {
    const { [TASK_KEY]: label, ...config } = request.config;
    if (typeof label === 'string') task = label;
    sent = { ...request, config };
  }
  const chars = request.messages.reduce((sum, m) => sum + textOf(m.content).length, 0);
  return { request: sent, chars, tools: (request.tools ?? []).map((t) => t.name), task };
}

/**
 * A model that picks, per request, which model answers: by its length, the tools it offers or a
 * task label (`config: { task }`). Use it as any model (`defineAgent({ model: route(…) })`);
 * `retry` and `fallback` compose around it as around one model. Each response names the model
 * that answered (`response.model`), so usage and cost are counted per model.
 */
export function route(pick: (round: RouteRound) => Model, options: RouteOptions = {}): Model {
  const name = options.name ?? 'route';
  const metered = options.pricing ? meter({ pricing: options.pricing }) : undefined;
  return {
    name,
    info: { name, label: 'routes each request to one of several models' },
    // Each chosen model validates its own config; the route takes whatever they take.
    configJsonSchema: {},
    async generate(request, callOptions = {}): Promise<GenerateResponse> {
      const round = routeRound(request);
      const model = pick(round);
      if (!model || typeof model.generate !== 'function') {
        throw new KitError('internal', `route '${name}' picked no model`);
      }
      const call = (req: GenerateRequest) => model.generate(req, callOptions);
      return metered ? metered(round.request, callOptions, call) : call(round.request);
    },
  };
}
