import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

/** A point in a streamed answer where the gate holds it, until released. */
export interface Hold {
  /** Resolves once the answer has got to the held event (and the page has it). */
  reached: Promise<void>;
  /** Lets the rest of the answer through. */
  release(): void;
}

/**
 * A pass-through for the page's calls to the assistant that can hold a streamed answer after a
 * chosen event (the first words, a tool call), so a test sees the page as a person does while a
 * turn is under way: the real function answers; only the timing is the test's.
 */
export interface StreamGate {
  /** The gate's address (`http://127.0.0.1:port`): what a client calls instead of the target. */
  url: string;
  /** Holds the answer under way (or the next one) after the next server-sent event that `matches`. */
  holdAfter(matches: (event: string) => boolean): Hold;
  /** Holds the next call (or the one after `skip` more) before it reaches the function (the page waits for its first word). */
  holdBefore(skip?: number): Hold;
  /** Sends `page`'s calls to `name` through the gate. */
  route(page: Page, name?: string): Promise<void>;
  stop(): Promise<void>;
}

const DROPPED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a gate in front of the functions emulator at `target` (`http://host:port`). */
export async function startStreamGate(target: string): Promise<StreamGate> {
  type Pending = { matches: (event: string) => boolean; reached: () => void; released: Promise<void> };
  const holds: Pending[] = [];
  let before: (Pending & { skip: number }) | undefined;

  const hold = (matches: (event: string) => boolean, set: (next: Pending) => void): Hold => {
    let reached = (): void => undefined;
    let release = (): void => undefined;
    const held: Hold = {
      reached: new Promise<void>((resolve) => {
        reached = resolve;
      }),
      release: () => release(),
    };
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    set({ matches, reached, released });
    return held;
  };

  const forward = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => name !== 'host' && !DROPPED.has(name)),
    ) as Record<string, string>;
    const sent = request.method === 'POST' ? await body(request) : undefined;
    const waiting = sent && before && before.skip-- === 0 ? before : undefined;
    if (waiting) {
      before = undefined;
      waiting.reached();
      await waiting.released;
    }
    const upstream = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      body: sent ? new Uint8Array(sent) : undefined,
    });
    const out: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!DROPPED.has(name)) out[name] = value;
    });
    response.writeHead(upstream.status, out);
    let buffered = '';
    const decoder = new TextDecoder();
    // An event ends with a blank line: `\n\n` (the callable's), or `\r\n\r\n` (Gemini's, and the fake's).
    const eventEnd = (text: string): { at: number; length: number } | undefined => {
      const lf = text.indexOf('\n\n');
      const crlf = text.indexOf('\r\n\r\n');
      if (crlf >= 0 && (lf < 0 || crlf < lf)) return { at: crlf, length: 4 };
      return lf >= 0 ? { at: lf, length: 2 } : undefined;
    };
    for await (const chunk of upstream.body ?? []) {
      buffered += decoder.decode(chunk as Uint8Array, { stream: true });
      let end = eventEnd(buffered);
      while (end) {
        const event = buffered.slice(0, end.at + end.length);
        buffered = buffered.slice(end.at + end.length);
        response.write(event);
        const held = sent ? holds.findIndex((next) => next.matches(event)) : -1;
        if (held >= 0) {
          const [hold] = holds.splice(held, 1) as [Pending];
          hold.reached();
          await hold.released;
        }
        end = eventEnd(buffered);
      }
    }
    response.end(buffered);
  };

  const server = createServer((request, response) => {
    forward(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    holdAfter: (matches) =>
      hold(matches, (next) => {
        holds.push(next);
      }),
    holdBefore: (skip = 0) =>
      hold(
        () => true,
        (next) => {
          before = { ...next, skip };
        },
      ),
    async route(page, name = 'orderAssistant') {
      await page.route(`**/${name}`, (route) => {
        const original = new URL(route.request().url());
        return route.continue({ url: `${url}${original.pathname}${original.search}` });
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
