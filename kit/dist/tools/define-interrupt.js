import { makeTool } from './define-tool.js';
import { ToolInterruptError } from './tool-interrupt-error.js';
/**
 * Defines a tool that always interrupts: the model calls it to ask the person something, and
 * the app answers with `respond`. It has nothing to run, so it can't be restarted.
 */
export function defineInterrupt(config) {
    const { requestMetadata, ...toolConfig } = config;
    return makeTool({ ...toolConfig, metadata: { ...toolConfig.metadata, interrupt: true } }, (input) => {
        // Fixed metadata interrupts at once (a rejected call, no timer); computed metadata may be async.
        if (typeof requestMetadata !== 'function')
            throw new ToolInterruptError(requestMetadata);
        return Promise.resolve(requestMetadata(input)).then((metadata) => {
            throw new ToolInterruptError(metadata);
        });
    }, false);
}
//# sourceMappingURL=define-interrupt.js.map