/** `gen_ai.*` attribute names the kit sets. */
export declare const GEN_AI: {
    readonly operationName: 'gen_ai.operation.name';
    readonly providerName: 'gen_ai.provider.name';
    readonly requestModel: 'gen_ai.request.model';
    readonly requestTemperature: 'gen_ai.request.temperature';
    readonly requestMaxTokens: 'gen_ai.request.max_tokens';
    readonly responseModel: 'gen_ai.response.model';
    readonly responseFinishReasons: 'gen_ai.response.finish_reasons';
    readonly inputTokens: 'gen_ai.usage.input_tokens';
    readonly outputTokens: 'gen_ai.usage.output_tokens';
    readonly toolName: 'gen_ai.tool.name';
    readonly toolCallId: 'gen_ai.tool.call.id';
    readonly toolType: 'gen_ai.tool.type';
    readonly toolCallArguments: 'gen_ai.tool.call.arguments';
    readonly toolCallResult: 'gen_ai.tool.call.result';
    readonly toolDescription: 'gen_ai.tool.description';
    readonly agentName: 'gen_ai.agent.name';
    readonly conversationId: 'gen_ai.conversation.id';
};
/** The kit's own attribute names, for what the conventions don't name. */
export declare const KIT_ATTR: {
    readonly flow: 'callable_flows.flow';
    readonly sessionId: 'session.id';
    readonly requestId: 'callable_flows.request_id';
    readonly status: 'callable_flows.status';
    readonly costUsd: 'callable_flows.usage.cost_usd';
    readonly resumed: 'callable_flows.tool.resumed';
    readonly interrupted: 'callable_flows.tool.interrupted';
    readonly errorReason: 'callable_flows.error.reason';
    readonly interrupts: 'callable_flows.interrupts';
    readonly round: 'callable_flows.round';
};
/** `error.type` of the general conventions: the kit error code. */
export declare const ERROR_TYPE = "error.type";
