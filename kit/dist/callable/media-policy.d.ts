import type { CallRequest } from '@callable-flows/protocol';
/**
 * What media a client may put in a message (`onCallFlow({ media })`). A media URL is fetched
 * by the model provider with the project's identity, so a client may name only URLs the flow
 * allows; inline data is bounded in size.
 */
export interface MediaPolicy {
    /** Bytes of one inline (`data:`) part, decoded. Default {@link DEFAULT_MAX_INLINE_BYTES}. */
    maxInlineBytes?: number;
    /**
     * `gs://` or `https://` URL prefixes a client may name (`gs://my-bucket/uploads/`,
     * `https://cdn.example.com/`). Default none: a client's media travels inline or not at all.
     */
    allowUrlPrefixes?: readonly string[];
}
/** The default bound of one inline media part (128 KiB decoded; the request itself is bounded too). */
export declare const DEFAULT_MAX_INLINE_BYTES: number;
/**
 * Refuses a call whose message parts break `policy`: inline data over its size, URLs not on its
 * allowlist (default none). A refusal is invalid-argument naming the part
 * (`message.2.media.url`); a bad allowlist is the server's (`internal`, SERVER_MISCONFIGURED).
 */
export declare function assertClientMedia(call: CallRequest, policy?: MediaPolicy): void;
