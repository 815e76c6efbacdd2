import { lookupTool } from './to-tool-map.js';
/** Stops once `count` tool rounds have run. */
export function roundCountIs(count) {
    return ({ rounds }) => rounds.length >= count;
}
/** @deprecated The old name of {@link roundCountIs}: it counts rounds, not steps. */
export const stepCountIs = roundCountIs;
/** Stops once the model has called the tool `name`. */
export function hasToolCall(name) {
    return ({ rounds }) => rounds.some((round) => round.toolCalls.some((call) => call.name === name));
}
/** The response of the round's first tool with `stop: true`, if any answered. */
export function stopToolResult(round, tools) {
    return round.toolResults.find((r) => {
        if (r.metadata?.toolError !== undefined)
            return false;
        return lookupTool(tools, r.toolResponse.name)?.config.stop === true;
    });
}
/** True when any of the caller's conditions holds after the rounds so far. */
export function isStopMet(conditions, rounds) {
    if (!conditions)
        return false;
    return [conditions].flat().some((condition) => condition({ rounds }));
}
//# sourceMappingURL=stop-condition.js.map