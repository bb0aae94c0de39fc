import { describe, expect, it } from 'vitest';
import { createLocalLockManager, electLeader } from '../../../src/sync/leader';

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function leadRecorder(name: string, log: string[]): () => () => void {
  return () => {
    log.push(`${name} leads`);
    return () => log.push(`${name} stops`);
  };
}

describe('electLeader', () => {
  it('the first leads, the second waits; release() of the first hands over', async () => {
    const locks = createLocalLockManager();
    const log: string[] = [];
    const a = electLeader(locks, leadRecorder('a', log));
    const b = electLeader(locks, leadRecorder('b', log));
    await flush();
    expect(a.isLeader()).toBe(true);
    expect(b.isLeader()).toBe(false);
    expect(log).toEqual(['a leads']);

    a.release();
    await flush();
    expect(a.isLeader()).toBe(false);
    expect(b.isLeader()).toBe(true);
    expect(log).toEqual(['a leads', 'a stops', 'b leads']);

    a.release(); // twice is harmless
    b.release();
    await flush();
    expect(log).toEqual(['a leads', 'a stops', 'b leads', 'b stops']);
    expect(b.isLeader()).toBe(false);
  });

  it('a waiter that releases never leads; the next one does', async () => {
    const locks = createLocalLockManager();
    const log: string[] = [];
    const a = electLeader(locks, leadRecorder('a', log));
    const b = electLeader(locks, leadRecorder('b', log));
    const c = electLeader(locks, leadRecorder('c', log));
    await flush();
    b.release();
    a.release();
    await flush();
    expect(b.isLeader()).toBe(false);
    expect(c.isLeader()).toBe(true);
    expect(log).toEqual(['a leads', 'a stops', 'c leads']);
    c.release();
  });

  it('different lock names do not compete', async () => {
    const locks = createLocalLockManager();
    const a = electLeader(locks, () => () => {}, 'one');
    const b = electLeader(locks, () => () => {}, 'two');
    await flush();
    expect(a.isLeader() && b.isLeader()).toBe(true);
    a.release();
    b.release();
  });

  it('without a lock manager it leads at once', () => {
    const log: string[] = [];
    const a = electLeader(undefined, leadRecorder('a', log));
    const b = electLeader(undefined, leadRecorder('b', log));
    expect(a.isLeader()).toBe(true);
    expect(b.isLeader()).toBe(true);
    expect(log).toEqual(['a leads', 'b leads']);
    a.release();
    a.release();
    expect(a.isLeader()).toBe(false);
    expect(log).toEqual(['a leads', 'b leads', 'a stops']);
  });
});
