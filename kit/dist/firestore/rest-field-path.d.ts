/** A field path as a mask names it (and as the SDK's messages name it): segments that are not simple names go in backquotes. */
export declare function fieldPathOf(segments: readonly string[]): string;
/** Whether `text` holds a lone surrogate, which the SDK's UTF-8 encoding can't carry (Firestore refuses it). */
export declare function hasLoneSurrogate(text: string): boolean;
/** Why a map key (one segment) can't name a field, or undefined when it can. */
export declare function fieldNameProblem(name: string): string | undefined;
/** The error of `problem` at the field `segments` (the document itself when empty): names the field, never its value. */
export declare function fieldError(segments: readonly string[], problem: string): TypeError;
/** The segments of a dotted field path (`get('a.b')`, an update's key); throws as the SDK does on one that names no field. */
export declare function splitFieldPath(path: string): string[];
/** The segments of an update's key, each a name a field can have. */
export declare function updatePathSegments(key: string): string[];
