// Attribute names of the OpenTelemetry GenAI semantic conventions (and the kit's own, under
// `callable_flows.`), spelled once so that a typo can't split a dashboard in two.
/** `gen_ai.*` attribute names the kit sets. */
export const GEN_AI = {
    operationName: 'gen_ai.operation.name',
    providerName: 'gen_ai.provider.name',
    requestModel: 'gen_ai.request.model',
    requestTemperature: 'gen_ai.request.temperature',
    requestMaxTokens: 'gen_ai.request.max_tokens',
    responseModel: 'gen_ai.response.model',
    responseFinishReasons: 'gen_ai.response.finish_reasons',
    inputTokens: 'gen_ai.usage.input_tokens',
    outputTokens: 'gen_ai.usage.output_tokens',
    toolName: 'gen_ai.tool.name',
    toolCallId: 'gen_ai.tool.call.id',
    toolType: 'gen_ai.tool.type',
    toolCallArguments: 'gen_ai.tool.call.arguments',
    toolCallResult: 'gen_ai.tool.call.result',
    toolDescription: 'gen_ai.tool.description',
    agentName: 'gen_ai.agent.name',
    conversationId: 'gen_ai.conversation.id',
};
/** The kit's own attribute names, for what the conventions don't name. */
export const KIT_ATTR = {
    flow: 'callable_flows.flow',
    sessionId: 'session.id',
    requestId: 'callable_flows.request_id',
    status: 'callable_flows.status',
    costUsd: 'callable_flows.usage.cost_usd',
    resumed: 'callable_flows.tool.resumed',
    interrupted: 'callable_flows.tool.interrupted',
    errorReason: 'callable_flows.error.reason',
    interrupts: 'callable_flows.interrupts',
    round: 'callable_flows.round',
};
/** `error.type` of the general conventions: the kit error code. */
export const ERROR_TYPE = 'error.type';
//# sourceMappingURL=gen-ai-attributes.js.map