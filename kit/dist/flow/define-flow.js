import { fromZodError, KitError, throwIfAborted } from '../errors/index.js';
import { GEN_AI, inSpan, KIT_ATTR } from '../telemetry/index.js';
const FLOW_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,62}$/;
/**
 * Defines a stateless flow: the input is parsed with `inputSchema`, the body runs (it may call
 * `generate`), and what it returns is parsed with `outputSchema`.
 */
export function defineFlow(config, fn) {
    // The name becomes a Cloud Functions name when deployed: letters, digits, `-`, `_`, ≤ 63.
    if (!FLOW_NAME.test(config.name))
        throw new KitError('invalid-argument', `invalid flow name '${config.name}'`);
    // Made once per flow: a call with no OpenTelemetry SDK builds nothing for its span.
    const spanName = `invoke_flow ${config.name}`;
    const flowAttributes = () => ({ [GEN_AI.operationName]: 'invoke_flow', [KIT_ATTR.flow]: config.name });
    return {
        kind: 'flow',
        name: config.name,
        config,
        run(rawInput, options = {}) {
            // Stateless flows are traced as agents' turns are: a span the model and tool spans nest in.
            return inSpan(spanName, { attributes: flowAttributes }, () => runChecked(rawInput, options));
        },
    };
    async function runChecked(rawInput, options) {
        const input = config.inputSchema.safeParse(rawInput);
        if (!input.success)
            throw fromZodError(input.error, `input of flow '${config.name}'`);
        throwIfAborted(options.signal, `flow '${config.name}'`);
        const result = await fn(input.data, {
            context: options.context ?? {},
            onChunk: options.onChunk,
            signal: options.signal,
        });
        const output = config.outputSchema.safeParse(result);
        // The flow broke its own promise: a bug on the server, not something the caller can fix.
        if (!output.success)
            throw fromZodError(output.error, `output of flow '${config.name}'`, 'internal');
        return output.data;
    }
}
//# sourceMappingURL=define-flow.js.map