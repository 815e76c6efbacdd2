/** Gemini's usage metadata in the kit's units, thoughts and cached tokens included. */
export function fromGeminiUsage(metadata) {
    const usage = {};
    if (metadata.promptTokenCount !== undefined)
        usage.inputTokens = metadata.promptTokenCount;
    if (metadata.candidatesTokenCount !== undefined)
        usage.outputTokens = metadata.candidatesTokenCount;
    if (metadata.totalTokenCount !== undefined)
        usage.totalTokens = metadata.totalTokenCount;
    if (metadata.thoughtsTokenCount !== undefined)
        usage.thoughtsTokens = metadata.thoughtsTokenCount;
    if (metadata.cachedContentTokenCount !== undefined)
        usage.cachedContentTokens = metadata.cachedContentTokenCount;
    if (metadata.toolUsePromptTokenCount !== undefined) {
        usage.custom = { toolUsePromptTokens: metadata.toolUsePromptTokenCount };
    }
    return usage;
}
//# sourceMappingURL=gemini-usage.js.map