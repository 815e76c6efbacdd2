import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getMessaging, type Messaging } from 'firebase-admin/messaging';

/** How the stand-in answers a send to a token, as FCM's HTTP v1 API would. */
export type TokenAnswer = 'ok' | 'unregistered' | 'invalid' | 'internal';

/** One message FCM's stand-in took (the request body's `message`). */
export type SentMessage = Record<string, unknown> & { token?: string };

/** FCM's error bodies (HTTP v1), by answer. */
const ERRORS: Record<Exclude<TokenAnswer, 'ok'>, { status: number; body: unknown }> = {
  unregistered: {
    status: 404,
    body: {
      error: {
        code: 404,
        message: 'Requested entity was not found.',
        status: 'NOT_FOUND',
        details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
      },
    },
  },
  invalid: {
    status: 400,
    body: {
      error: {
        code: 400,
        message: 'The registration token is not a valid FCM registration token',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INVALID_ARGUMENT' }],
      },
    },
  },
  internal: {
    status: 500,
    body: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } },
  },
};

/** A stand-in of FCM's send API, and firebase-admin's own `Messaging` pointed at it. */
export interface FcmStandIn {
  /** firebase-admin's `Messaging`, whose sends reach the stand-in. */
  messaging: Messaging;
  /** The messages sent, in order, with the path each was posted to. */
  sent: Array<{ path: string; message: SentMessage }>;
  close(): Promise<void>;
}

/**
 * FCM's HTTP v1 `messages:send` answered by a local server: firebase-admin's real `Messaging`
 * (its message encoding, its mapping of FCM's errors to `messaging/…` codes) sends over HTTP/1.1
 * (`enableLegacyHttpTransport`) through the app's `httpAgent`, whose connections go to the local
 * server instead of fcm.googleapis.com. `answers` says how each token is answered (default `ok`).
 */
export async function fcmStandIn(answers: Record<string, TokenAnswer> = {}): Promise<FcmStandIn> {
  const sent: FcmStandIn['sent'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const message = (JSON.parse(body) as { message: SentMessage }).message;
      sent.push({ path: req.url ?? '', message });
      const answer = answers[message.token ?? ''] ?? 'ok';
      const reply =
        answer === 'ok' ? { status: 200, body: { name: `projects/p/messages/${sent.length}` } } : ERRORS[answer];
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  class LocalAgent extends https.Agent {
    override createConnection(_options: unknown, callback?: (error: Error | null, socket: net.Socket) => void) {
      const socket = net.connect(port, '127.0.0.1');
      if (callback) socket.once('connect', () => callback(null, socket));
      return socket;
    }
  }
  const app = initializeApp(
    {
      projectId: 'demo-fcm',
      credential: { getAccessToken: async () => ({ access_token: 'stand-in', expires_in: 3600 }) },
      httpAgent: new LocalAgent({ keepAlive: false }),
    },
    `fcm-stand-in-${randomUUID()}`,
  );
  const messaging = getMessaging(app);
  messaging.enableLegacyHttpTransport();
  return {
    messaging,
    sent,
    close: async () => {
      await deleteApp(app);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
