/** A tool name as Gemini accepts it: `/` becomes `__`, any other character it refuses `_`. */
export declare function sanitizeToolName(name: string): string;
/**
 * The two-way map between kit tool names and the names Gemini sees. Names come back through
 * the map, never by undoing the sanitising, so `a__b` and `a/b` stay apart.
 */
export declare class ToolNames {
    private readonly toProvider;
    private readonly fromProvider;
    /** Registers the request's tools; two names that sanitise alike are refused. */
    constructor(names?: readonly string[]);
    /** The name to send Gemini. */
    toGemini(name: string): string;
    /** The kit name of a function Gemini called (a name no tool has comes back as it is). */
    fromGemini(name: string): string;
}
