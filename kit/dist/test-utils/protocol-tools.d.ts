import { z } from 'zod';
/** Tools for engine tests, after the benchmark protocol, that record their calls. */
export declare function testTools(): {
    calls: {
        name: string;
        input: unknown;
        resumed: unknown;
        ref: string;
    }[];
    lookup: import("../tools/tool.js").Tool<z.ZodObject<{
        id: z.ZodString;
    }, z.core.$strip>, z.ZodObject<{
        value: z.ZodNumber;
    }, z.core.$strip>>;
    confirm: import("../tools/tool.js").Tool<z.ZodObject<{
        id: z.ZodString;
    }, z.core.$strip>, z.ZodObject<{
        ok: z.ZodBoolean;
    }, z.core.$strip>>;
    guarded: import("../tools/tool.js").Tool<z.ZodObject<{
        id: z.ZodString;
    }, z.core.$strip>, z.ZodObject<{
        value: z.ZodNumber;
    }, z.core.$strip>>;
    all: (import("../tools/tool.js").Tool<z.ZodObject<{
        id: z.ZodString;
    }, z.core.$strip>, z.ZodObject<{
        value: z.ZodNumber;
    }, z.core.$strip>> | import("../tools/tool.js").Tool<z.ZodObject<{
        id: z.ZodString;
    }, z.core.$strip>, z.ZodObject<{
        ok: z.ZodBoolean;
    }, z.core.$strip>>)[];
};
