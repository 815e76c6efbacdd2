import type { CallRequest } from '@callable-flows/protocol';
import { KitError, invalidField as refuse } from '../errors/index.js';

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
export const DEFAULT_MAX_INLINE_BYTES = 128 * 1024;

const DATA_URL = /^data:([^,]*?)(;base64)?,(.*)$/s;
const MIME = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decoded bytes of a data URL's payload, or why it can't be read. */
function inlineBytes(base64: boolean, payload: string): number | string {
  if (base64) {
    if (payload.length % 4 !== 0 || !BASE64.test(payload)) return 'is not valid base64';
    return (payload.length / 4) * 3 - (payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0);
  }
  try {
    return Buffer.byteLength(decodeURIComponent(payload), 'utf8');
  } catch {
    return 'is not valid percent-encoded data';
  }
}

function checkInline(url: string, contentType: string | undefined, field: string, maxBytes: number): void {
  const match = DATA_URL.exec(url);
  if (!match) throw refuse(`${field}.url`, 'is not a valid data: URL');
  const type = contentType ?? match[1]?.split(';')[0] ?? '';
  if (!MIME.test(type)) throw refuse(`${field}.url`, 'inline media needs a content type (type/subtype)');
  const bytes = inlineBytes(match[2] !== undefined, match[3] as string);
  if (typeof bytes === 'string') throw refuse(`${field}.url`, bytes);
  if (bytes > maxBytes) throw refuse(`${field}.url`, `is ${bytes} bytes; the limit is ${maxBytes}`, maxBytes);
}

/**
 * A prefix as the URL parser writes it, so `https://cdn.x` can't match `https://cdn.x.evil`. The
 * parser ends an https host with `/` but leaves `gs://bucket` bare, so a bucket gets its `/` here:
 * `gs://my-bucket` must not admit `gs://my-bucket-private/…`.
 */
function normalizedPrefix(prefix: string): string {
  try {
    const url = new URL(prefix);
    if (url.protocol !== 'https:' && url.protocol !== 'gs:') throw new Error('scheme');
    if (url.protocol === 'gs:' && !url.host) throw new Error('bucket');
    return url.pathname === '' ? `${url.href}/` : url.href;
  } catch {
    throw new KitError('internal', `media.allowUrlPrefixes holds '${prefix}', which is not a gs:// or https:// URL`, {
      reason: 'SERVER_MISCONFIGURED',
    });
  }
}

function checkUrl(raw: string, field: string, prefixes: readonly string[]): void {
  if (!prefixes.length) throw refuse(`${field}.url`, 'media URLs are not accepted here; send the media inline');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse(`${field}.url`, 'is not a valid URL');
  }
  // Compared as the parser writes it (`..` resolved, no credentials), and sent only if it is
  // already written that way, so the provider fetches exactly what was checked.
  if (url.href !== raw || url.username || url.password) throw refuse(`${field}.url`, 'must be a normalized URL');
  if (!prefixes.some((prefix) => raw.startsWith(prefix))) throw refuse(`${field}.url`, 'is not an allowed media URL');
}

/**
 * Refuses a call whose message parts break `policy`: inline data over its size, URLs not on its
 * allowlist (default none). A refusal is invalid-argument naming the part
 * (`message.2.media.url`); a bad allowlist is the server's (`internal`, SERVER_MISCONFIGURED).
 */
export function assertClientMedia(call: CallRequest, policy: MediaPolicy = {}): void {
  if (!Array.isArray(call.message)) return;
  const maxBytes = policy.maxInlineBytes ?? DEFAULT_MAX_INLINE_BYTES;
  let prefixes: readonly string[] | undefined;
  call.message.forEach((part, i) => {
    if (!('media' in part)) return;
    const { url, contentType } = part.media;
    const field = `message.${i}.media`;
    if (url.startsWith('data:')) {
      checkInline(url, contentType, field, maxBytes);
    } else {
      prefixes ??= (policy.allowUrlPrefixes ?? []).map(normalizedPrefix);
      checkUrl(url, field, prefixes);
    }
  });
}
