/** A push-to-pull queue: a producer pushes items, one consumer iterates them until `close`. */
export class ChunkQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private waiting: ((next: IteratorResult<T>) => void) | undefined;
  private closed = false;

  push(item: T): void {
    if (this.closed) return;
    if (this.waiting) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake({ value: item, done: false });
    } else {
      this.items.push(item);
    }
  }

  /** Ends the iteration once the queued items are consumed. */
  close(): void {
    this.closed = true;
    if (this.waiting) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake({ value: undefined, done: true });
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        const item = this.items.shift();
        if (item !== undefined) return Promise.resolve({ value: item, done: false });
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.waiting = resolve;
        });
      },
    };
  }
}
