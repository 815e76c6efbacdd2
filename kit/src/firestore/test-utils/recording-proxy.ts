import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call that went through a {@link RecordingProxy}. */
export interface RecordedCall {
  /** The REST method: `batchGet`, `commit`, `rollback`, `beginTransaction`, … */
  method: string;
  /** The path without its method and query: `/v1/projects/<p>/databases/<d>/documents`. */
  resource: string;
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

/** A loopback proxy in front of the emulator that records the REST calls it forwards. */
export interface RecordingProxy {
  /** `127.0.0.1:<port>`. */
  readonly host: string;
  readonly calls: RecordedCall[];
  close(): Promise<void>;
}

/**
 * Starts a proxy forwarding every request to `target` (`host:port` of the emulator) and
 * recording it: what the REST client, or the SDK speaking REST (`preferRest`), sends.
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const [targetHost, targetPort] = target.split(':') as [string, string];
  const calls: RecordedCall[] = [];
  const server = createServer((incoming, answer) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const [resource = '', method = ''] = (incoming.url ?? '').split('?')[0]?.split(':') ?? [];
      calls.push({
        method,
        resource,
        body: body.length ? (JSON.parse(body.toString()) as Record<string, unknown>) : {},
        headers: incoming.headers,
      });
      const forward = request(
        {
          host: targetHost,
          port: Number(targetPort),
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (response) => {
          answer.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(answer);
        },
      );
      forward.on('error', () => answer.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
