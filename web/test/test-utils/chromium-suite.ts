import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { browserIt, launchChromium, type PageSet } from './browser.js';
import { startedLater } from './started-later.js';
import { type StreamGate, startStreamGate } from './stream-gate.js';
import { startWebStack, type WebStack, type WebStackOptions } from './web-stack.js';

/** What a browser test file's tests run against. */
export interface ChromiumSuiteOptions extends WebStackOptions {
  /** A stream gate in front of the functions (`calls`), for a test to route a page's calls through. */
  gatedCalls?: boolean;
}

/**
 * One browser test file's scaffold: the stack and Chromium its tests share, started before them
 * and stopped after them. `stack` and `calls` may be taken when the file loads: each member read
 * is the running one's.
 */
export interface ChromiumSuite {
  /** The stack the app runs on. */
  stack: WebStack;
  /** With `gatedCalls`: the gate in front of the functions (it holds a page's call or its answer). */
  calls: StreamGate;
  /** A test with its own pages in the suite's Chromium (screenshots and console logs on failure). */
  it(name: string, body: (pages: PageSet) => Promise<void>): void;
  /**
   * The file's tests (`body`), skipped when browser tests can't run here. A `beforeAll` or
   * `afterAll` of the file's own in `body` runs once the stack is up, and before it stops.
   */
  describe(name: string, body: () => void): void;
}

/** The scaffold of a browser test file: `describe` its tests, write each with `it`, reach the app through `stack`. */
export function chromiumSuite(options: ChromiumSuiteOptions = {}): ChromiumSuite {
  const { gatedCalls, ...stackOptions } = options;
  const skipReason = inject('browserSkipReason');
  let stack: WebStack | undefined;
  let browser: Browser | undefined;
  let calls: StreamGate | undefined;
  const stops: (() => Promise<void>)[] = [];

  const start = async (): Promise<void> => {
    const started = await startWebStack(stackOptions);
    stack = started;
    stops.push(() => started.stop());
    const launched = await launchChromium();
    browser = launched;
    stops.push(() => launched.close());
    if (gatedCalls) {
      const gate = await startStreamGate(`http://${started.functionsHost}`);
      calls = gate;
      stops.push(() => gate.stop());
    }
  };

  // Every step runs even when one before it failed, so no emulator or dev server outlives the file.
  const stop = async (): Promise<void> => {
    const failures: unknown[] = [];
    for (const step of stops.splice(0).reverse()) await step().catch((error: unknown) => failures.push(error));
    stack = undefined;
    browser = undefined;
    calls = undefined;
    if (failures.length > 0) throw new AggregateError(failures, 'stopping the browser suite failed');
  };

  const chromium = startedLater(() => browser, 'Chromium');
  return {
    stack: startedLater(() => stack, 'the web stack'),
    calls: startedLater(() => calls, 'the gate in front of the functions (gatedCalls)'),
    it: (name, body) => browserIt(name, () => chromium, body),
    describe: (name, body) =>
      describe.skipIf(skipReason !== '')(name, () => {
        beforeAll(start);
        afterAll(stop);
        body();
      }),
  };
}
