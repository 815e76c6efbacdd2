import { fromZodError, KitError } from '../../errors/index.js';
import { DEFAULT_MAX_TURNS, toToolMap } from '../../generate/index.js';
import { LruSessionCache } from '../../session/lru-session-cache.js';
import { InMemorySessionStore } from '../../session/memory-session-store.js';
import { resolveContinuation } from '../continuation-queue/index.js';
import { DEFAULT_KEEP_RESULTS, DEFAULT_LEASE_MS, DEFAULT_MAX_QUEUED, DEFAULT_SESSION_TTL_MS, DEFAULT_SUMMARY_INSTRUCTIONS, } from './agent-config.js';
import { GivenUpLeases } from './given-up-leases.js';
const AGENT_NAME = /^[A-Za-z0-9_.\-/]{1,128}$/;
function defaultStore(name) {
    if (process.env.K_SERVICE || process.env.FUNCTION_TARGET) {
        console.warn(`[callable-flows] agent '${name}' keeps its sessions in this instance's memory: they are lost on every cold start and not shared between instances. Pass a FirestoreSessionStore as \`store\`.`);
    }
    return new InMemorySessionStore();
}
function initialState(schema, value) {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
        throw fromZodError(parsed.error, 'initialState');
    return parsed.data;
}
function positiveCount(value, name) {
    if (!(Number.isInteger(value) && value >= 1))
        throw new KitError('invalid-argument', `${name} must be a whole number ≥ 1, not ${value}`);
    return value;
}
/** Fills in the defaults of an agent's configuration and checks it. */
export function resolveAgent(config) {
    if (!AGENT_NAME.test(config.name))
        throw new KitError('invalid-argument', `invalid agent name '${config.name}'`);
    const tools = config.tools ?? [];
    const store = config.store ?? defaultStore(config.name);
    const compress = config.history?.compress;
    const keepTurns = compress ? (compress.keepTurns ?? 6) : 0;
    if (compress && !(Number.isInteger(keepTurns) && keepTurns >= 1)) {
        throw new KitError('invalid-argument', `history.compress.keepTurns must be a whole number ≥ 1, not ${keepTurns}`);
    }
    return {
        name: config.name,
        model: config.model,
        system: config.system,
        tools,
        toolMap: toToolMap(tools),
        maxTurns: config.maxTurns ?? DEFAULT_MAX_TURNS,
        stopWhen: config.stopWhen,
        state: config.state
            ? { schema: config.state, initial: initialState(config.state, config.initialState) }
            : undefined,
        config: config.config,
        output: config.output,
        use: config.use ?? [],
        compression: compress
            ? {
                keepTurns,
                triggerTurns: compress.triggerTurns ?? keepTurns * 2,
                model: compress.model ?? config.model,
                instructions: compress.instructions ?? DEFAULT_SUMMARY_INSTRUCTIONS,
                maxSummaryChars: compress.maxSummaryChars ?? 8000,
            }
            : undefined,
        store: config.cache === false || store instanceof LruSessionCache ? store : new LruSessionCache(store, config.cache),
        timing: {
            clock: config.clock ?? Date.now,
            leaseMs: config.leaseMs ?? DEFAULT_LEASE_MS,
            sessionTtlMs: config.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
        },
        keepResults: config.keepResults ?? DEFAULT_KEEP_RESULTS,
        traces: config.traces === undefined ? [] : [config.traces].flat(),
        whileBusy: config.whileBusy ?? 'reject',
        maxQueued: positiveCount(config.maxQueued ?? DEFAULT_MAX_QUEUED, 'maxQueued'),
        queueRuns: new Map(),
        givenUp: new GivenUpLeases(),
        continuation: resolveContinuation(config.continuation),
    };
}
//# sourceMappingURL=agent-runtime.js.map