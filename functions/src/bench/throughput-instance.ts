// One instance of the multi-instance throughput row, run as a child process by
// throughput-instances.ts: its own Firestore client and session cache, like a Cloud Functions
// instance. It opens its sessions when told, runs their turns on `go`, and reports.

import { onCallFlow } from '@callable-flows/kit/callable/index.js';
import { FirestoreSessionStore } from '@callable-flows/kit/session/firestore/index.js';
import { Firestore } from '@google-cloud/firestore';
import { type Handler, type OpenedSession, openSessions, runTurns, shopAgent } from './throughput-bench.js';
import type { InstanceCommand, InstanceReport } from './throughput-instances.js';

process.env.METADATA_SERVER_DETECTION ??= 'none';
const firestore = new Firestore({ projectId: process.argv[2] as string });
const fn: Handler = onCallFlow({ traces: false }, shopAgent(new FirestoreSessionStore({ firestore, prefix: 'tput_' })));
const send = (report: InstanceReport) => process.send?.(report);
// A wall clock shared by the processes: when each instance started and finished its turns.
const now = () => performance.timeOrigin + performance.now();
let opened: OpenedSession[] = [];

process.on('message', (command: InstanceCommand) => {
  void (async () => {
    try {
      if (command.type === 'open') {
        opened = await openSessions(fn, command.sessions, command.run);
        send({ type: 'opened' });
      } else if (command.type === 'go') {
        const startMs = now();
        const latencies = await runTurns(fn, opened);
        send({ type: 'done', startMs, endMs: now(), latencies });
      } else {
        await firestore.terminate();
        process.disconnect();
      }
    } catch (error) {
      send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
