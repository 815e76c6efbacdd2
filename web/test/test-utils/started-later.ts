/**
 * A stand-in for an object a suite starts later, in its `beforeAll`: each member read from it is
 * that of the object running at that moment (`current()`). A test file's helpers and tests take
 * the stand-in when the file loads and read it only once the object is up; read earlier, it says
 * what is not running.
 */
export function startedLater<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const running = current();
      if (!running) throw new Error(`${what} is not running: use it in a test or a hook of its suite`);
      const value: unknown = Reflect.get(running, key, running);
      // A method keeps its object (Firestore's and Playwright's are class methods).
      return typeof value === 'function' ? value.bind(running) : value;
    },
  });
}
