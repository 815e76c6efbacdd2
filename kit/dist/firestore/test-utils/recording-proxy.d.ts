import { type IncomingHttpHeaders } from 'node:http';
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
export declare function startRecordingProxy(target: string): Promise<RecordingProxy>;
