import { createHash } from 'node:crypto';
import { redactSecrets } from '../redact/index.js';
import type { ActionContext } from '../tools/index.js';
import type { McpHeaders } from './mcp-options.js';

const MIN_SECRET_LENGTH = 8;

/** The headers of a request, made from the caller's context when they are a function. */
export async function headersFor(
  headers: McpHeaders | undefined,
  context: ActionContext,
): Promise<Record<string, string>> {
  if (!headers) return {};
  return typeof headers === 'function' ? await headers(context) : headers;
}

/**
 * The key of a set of headers: calls whose headers are equal share a listing and a connection,
 * others never do (a server may list, or authorise, per user). A digest, so no secret is a key.
 */
export function headersKey(headers: Record<string, string>): string {
  const names = Object.keys(headers);
  if (!names.length) return '';
  const entries = names.map((name) => [name.toLowerCase(), headers[name]]).sort(([a], [b]) => (a! < b! ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url');
}

/** `message` without the values of `headers`: a server's error may quote the token it refused. */
export function withoutHeaders(message: string, headers: Record<string, string>): string {
  const secrets = Object.values(headers).filter((value) => value.length >= MIN_SECRET_LENGTH);
  // The bearer part on its own too: a server may quote the token without its scheme.
  for (const value of [...secrets]) {
    const token = /^\S+\s+(\S{8,})$/.exec(value)?.[1];
    if (token) secrets.push(token);
  }
  return secrets.length ? redactSecrets(message, secrets) : message;
}
