import { describe, expect, it } from 'vitest';
import { EventBus } from './context';

interface Events {
  ping: { n: number };
  other: string;
}

describe('EventBus', () => {
  it('delivers a payload to every handler of its event, in order, and unsubscribes', () => {
    const bus = new EventBus<Events>();
    const seen: string[] = [];
    const off = bus.on('ping', ({ n }) => void seen.push(`a${n}`));
    bus.on('ping', ({ n }) => void seen.push(`b${n}`));
    bus.on('other', (s) => void seen.push(s));
    bus.emit('ping', { n: 1 });
    off();
    bus.emit('ping', { n: 2 });
    expect(seen).toEqual(['a1', 'b1', 'b2']);
    expect(bus.listeners('ping')).toBe(1);
  });

  it('never throws to the emitter: errors and rejections go to onError', async () => {
    const errors: string[] = [];
    const bus = new EventBus<Events>((err, event) => errors.push(`${String(event)}:${(err as Error).message}`));
    const after: number[] = [];
    bus.on('ping', () => {
      throw new Error('sync');
    });
    bus.on('ping', async () => {
      throw new Error('async');
    });
    bus.on('ping', ({ n }) => void after.push(n));
    expect(() => bus.emit('ping', { n: 3 })).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
    expect(after).toEqual([3]);
    expect(errors).toEqual(['ping:sync', 'ping:async']);
  });
});
