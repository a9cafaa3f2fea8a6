import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundedQueue, QueueFullError } from '../../adapters/http/bounded-queue';

/** A piece of work the test finishes when it chooses, recording when it started. */
function heldWork(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish,
  };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('boundedQueue', () => {
  it('runs at most `concurrency` at once, and the next in line as soon as one finishes, first come first served', async () => {
    const queue = boundedQueue({ concurrency: 2, maxWaiting: 5, maxWaitMs: 60_000 });
    const started: string[] = [];
    const works = ['a', 'b', 'c', 'd'].map((name) => heldWork(started, name));
    const results = works.map(({ work }) => queue.run(work));
    await settle();
    expect(started).toEqual(['a', 'b']);

    works[1]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    works[0]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    works[2]!.finish();
    works[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses at once when the line is full, and takes work again once there is room', async () => {
    const queue = boundedQueue({ concurrency: 1, maxWaiting: 2, maxWaitMs: 60_000 });
    const started: string[] = [];
    const works = ['a', 'b', 'c'].map((name) => heldWork(started, name));
    const admitted = works.map(({ work }) => queue.run(work));
    await expect(queue.run(async () => 'd')).rejects.toBeInstanceOf(QueueFullError);

    works[0]!.finish();
    await settle();
    const fourth = queue.run(async () => 'd');
    for (const { finish } of works) finish();
    expect(await Promise.all([...admitted, fourth])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses one that waited longer than maxWaitMs, without running it, and keeps the line moving', async () => {
    vi.useFakeTimers();
    const queue = boundedQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 1_000 });
    const started: string[] = [];
    const first = heldWork(started, 'first');
    const running = queue.run(first.work);
    const late = queue.run(async () => 'never');
    const refused = expect(late).rejects.toBeInstanceOf(QueueFullError);
    await vi.advanceTimersByTimeAsync(1_001);
    await refused;

    const next = queue.run(async () => 'next');
    first.finish();
    expect(await running).toBe('first');
    expect(await next).toBe('next');
  });

  it('gives the turn back when the work fails', async () => {
    const queue = boundedQueue({ concurrency: 1, maxWaiting: 0, maxWaitMs: 1_000 });
    await expect(queue.run(async () => Promise.reject(new Error('broken photo')))).rejects.toThrow('broken photo');
    expect(await queue.run(async () => 'after')).toBe('after');
  });
});
