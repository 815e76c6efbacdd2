/** A gate a test holds shut until it lets what waits on it go. */
export interface Gate {
    promise: Promise<void>;
    open(): void;
}
/** A gate to hold a model or a tool until a test lets it go. */
export declare function gate(): Gate;
