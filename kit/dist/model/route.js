import { KitError } from '../errors/index.js';
import { textOf } from './message-content.js';
import { meter } from './middleware/meter.js';
const TASK_KEY = 'task';
function routeRound(request) {
    let sent = request;
    let task;
    if (request.config && TASK_KEY in request.config) {
        const { [TASK_KEY]: label, ...config } = request.config;
        if (typeof label === 'string')
            task = label;
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
export function route(pick, options = {}) {
    const name = options.name ?? 'route';
    const metered = options.pricing ? meter({ pricing: options.pricing }) : undefined;
    return {
        name,
        info: { name, label: 'routes each request to one of several models' },
        // Each chosen model validates its own config; the route takes whatever they take.
        configJsonSchema: {},
        async generate(request, callOptions = {}) {
            const round = routeRound(request);
            const model = pick(round);
            if (!model || typeof model.generate !== 'function') {
                throw new KitError('internal', `route '${name}' picked no model`);
            }
            const call = (req) => model.generate(req, callOptions);
            return metered ? metered(round.request, callOptions, call) : call(round.request);
        },
    };
}
//# sourceMappingURL=route.js.map