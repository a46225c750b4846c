// @vitest-environment node
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Requests for one playlist wait their turn in the CMS process before they take a database
// connection; requests for different playlists never wait for each other.

const require = createRequire(import.meta.url);
type Run = <T>(key: string, task: () => Promise<T>) => Promise<T>;
const { oneAtATime } = require('../../cms/src/api/playlist-sync/lib/one-at-a-time.js') as {
  oneAtATime: () => Run;
};

/** A task that records when it starts and ends, and ends when told. */
function gate(log: string[], name: string) {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    open,
    task: async () => {
      log.push(`${name} start`);
      await opened;
      log.push(`${name} end`);
      return name;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('one at a time per key', () => {
  it('runs tasks for one key in the order they came, each after the one before has ended', async () => {
    const run = oneAtATime();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => gate(log, name));
    const results = [run('list', a!.task), run('list', b!.task), run('list', c!.task)];
    await settle();
    expect(log).toEqual(['a start']);
    c!.open();
    b!.open();
    await settle();
    expect(log).toEqual(['a start']);
    a!.open();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('never holds back a task for another key', async () => {
    const run = oneAtATime();
    const log: string[] = [];
    const held = gate(log, 'held');
    const other = gate(log, 'other');
    const first = run('one', held.task);
    other.open();
    expect(await run('two', other.task)).toBe('other');
    expect(log).toEqual(['held start', 'other start', 'other end']);
    held.open();
    await first;
  });

  it('lets the next task run after one that failed, and passes the failure to its caller only', async () => {
    const run = oneAtATime();
    const failing = run('list', () => Promise.reject(new Error('the database went away')));
    const next = run('list', () => Promise.resolve('applied'));
    await expect(failing).rejects.toThrow('the database went away');
    expect(await next).toBe('applied');
  });

  it('runs a task at once when nothing for its key is still running', async () => {
    const run = oneAtATime();
    await run('list', () => Promise.resolve(1));
    const log: string[] = [];
    const later = gate(log, 'later');
    const result = run('list', later.task);
    await settle();
    expect(log).toEqual(['later start']);
    later.open();
    expect(await result).toBe('later');
  });
});
