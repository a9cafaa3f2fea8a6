/** Refused because too many are already waiting, or because one waited longer than it may. */
export class QueueFullError extends Error {
  constructor() {
    super('The queue is full');
    this.name = 'QueueFullError';
  }
}

export interface BoundedQueueLimits {
  /** How many pieces of work run at once. */
  concurrency: number;
  /** How many may wait for a turn; one more is refused at once. */
  maxWaiting: number;
  /** How long one may wait for its turn before it is refused. */
  maxWaitMs: number;
}

export interface BoundedQueue {
  /** Runs the work when a turn is free (first come, first served), or throws QueueFullError. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Work that costs memory in proportion to how much runs at once (decoding photos): a few at a
 * time, a short line behind them, and a refusal rather than an ever longer wait.
 */
export function boundedQueue(limits: BoundedQueueLimits): BoundedQueue {
  let running = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  const finished = () => {
    const next = waiting.shift();
    if (!next) {
      running -= 1;
      return;
    }
    // The turn passes straight to the next in line, so running stays as it is.
    clearTimeout(next.timer);
    next.start();
  };

  const turn = () =>
    new Promise<void>((resolve, reject) => {
      const waiter = {
        start: resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new QueueFullError());
        }, limits.maxWaitMs),
      };
      waiter.timer.unref();
      waiting.push(waiter);
    });

  return {
    async run(work) {
      if (running < limits.concurrency) running += 1;
      else if (waiting.length >= limits.maxWaiting) throw new QueueFullError();
      else await turn();
      try {
        return await work();
      } finally {
        finished();
      }
    },
  };
}
