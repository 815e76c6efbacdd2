import type { IncomingMessage, ServerResponse } from 'node:http';

/** The raw body of a Node request (empty for a GET). */
export async function rawBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A Node request as a web `Request` (what the SDK's web-standard server handlers take). */
export function toWebRequest(req: IncomingMessage, body: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
  }
  const url = `http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`;
  const method = req.method ?? 'GET';
  return new Request(url, { method, headers, ...(method === 'GET' || method === 'HEAD' ? {} : { body }) });
}

/** Writes a web `Response` to a Node response, streaming its body (an SSE stream stays open). */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.on('close', () => {
    reader.cancel().catch(() => {});
  });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}
