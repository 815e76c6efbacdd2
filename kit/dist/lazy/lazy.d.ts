/**
 * `make`, called on first use and its result shared by every caller after; a rejection is not
 * remembered, so the next call tries again. A cached rejected promise would fail every call of a
 * warm instance until it is recycled (a cold start that met a brief outage, say).
 */
export declare function lazy<T>(make: () => Promise<T>): () => Promise<T>;
