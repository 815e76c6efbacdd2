import { describe, expect, it } from 'vitest';
import { startedLater } from './started-later.js';

/** A started thing with a field, a method that needs its object, and a closure. */
class Server {
  stops = 0;
  constructor(readonly url: string) {}
  stop(): string {
    this.stops++;
    return this.url;
  }
  readonly close = (): string => `closed ${this.url}`;
}

describe('startedLater', () => {
  it('reads each member from the object running when it is read, methods bound to it', () => {
    let current: Server | undefined = new Server('http://first');
    const server = startedLater(() => current, 'the server');
    expect(server.url).toBe('http://first');
    current = new Server('http://second');
    expect(server.url).toBe('http://second');
    const { stop } = server;
    expect(stop()).toBe('http://second');
    expect(current.stops).toBe(1);
    expect(server.close()).toBe('closed http://second');
  });

  it('refuses to be read before the object runs, naming what is not running', () => {
    const server = startedLater<Server>(() => undefined, 'the server');
    expect(() => server.url).toThrow('the server is not running');
    expect(() => server.stop()).toThrow('the server is not running');
  });
});
