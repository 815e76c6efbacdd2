/** The replies of a client's resume (the protocol's): a restart runs the stored call, with its edit (`replaceInput`) if given. */
export function repliesOfRequest(resume) {
    return [
        ...(resume.respond ?? []).map(({ name, ref, output, inputDigest }, i) => ({
            kind: 'respond',
            field: `resume.respond.${i}`,
            name,
            ref,
            output,
            inputDigest,
        })),
        ...(resume.restart ?? []).map(({ name, ref, replaceInput, metadata, inputDigest }, i) => ({
            kind: 'restart',
            field: `resume.restart.${i}`,
            name,
            ref,
            inputDigest,
            replaceInput,
            resumed: metadata ?? true,
        })),
        ...declines(resume.decline),
    ];
}
/** The replies of `generate`'s resume option: parts the tool's respond / restart / decline made. */
export function repliesOfOptions(resume) {
    return [
        ...(resume.respond ?? []).map((response, i) => {
            const { name, ref, output, content } = response.toolResponse;
            return { kind: 'respond', field: `resume.respond.${i}`, name, ref, output, content };
        }),
        ...(resume.restart ?? []).map((restart, i) => {
            const { name, ref, input } = restart.toolRequest;
            // tool.restart marks a replaced input (keeping the one asked about); otherwise the stored input runs.
            const replaceInput = restart.metadata?.replacedInput === undefined ? undefined : input;
            const resumed = (restart.metadata?.resumed ?? true);
            return { kind: 'restart', field: `resume.restart.${i}`, name, ref, replaceInput, resumed };
        }),
        ...declines(resume.decline),
    ];
}
function declines(list = []) {
    return list.map(({ name, ref, reason, inputDigest }, i) => ({
        kind: 'decline',
        field: `resume.decline.${i}`,
        name,
        ref,
        inputDigest,
        reason: reason || undefined,
    }));
}
//# sourceMappingURL=resume-reply.js.map