import { describe, expect, it } from 'vitest';
import { callTiming, type CallSide } from './trace-timing';

const msg = (start: number, duration: number): CallSide => ({ start, duration, exact: true });
const avg = (minute: number, duration: number): CallSide => ({ start: minute, duration, exact: false });

describe('callTiming', () => {
  it("times a call by the serving process's message, never by the caller's per-minute average", () => {
    // The demo's nginx -> java during app-02's spike: nginx's socket averages 408 ms, java logged 88 ms.
    const t = callTiming(avg(1140, 0.408), msg(1169.067, 0.088), { client: 0, server: null });
    expect(t).toEqual({ duration: 0.088, measuredBy: 'server', average: null, start: 1169.067, clock: 'unknown', latency: null, latencyGap: 'client-average' });
  });

  it("takes the caller's message when the server logged none (a SQL statement)", () => {
    expect(callTiming(msg(1169.07, 0.029), avg(1140, 0.006), { client: 0 })).toMatchObject({ duration: 0.029, measuredBy: 'client', start: 1169.07, clock: 'known', latencyGap: 'server-average' });
  });

  it('answers the latency as measured when both sides logged the call, negative too', () => {
    expect(callTiming(msg(100, 0.1), msg(102.01, 0.08), { client: 0, server: 2 }).latency).toBeCloseTo(0.02);
    const odd = callTiming(msg(100, 0.1), msg(100, 0.1375), { client: 0, server: 0 });
    expect(odd.latency).toBeCloseTo(-0.0375);
    expect(odd.latencyGap).toBeNull();
  });

  it('removes a known clock skew from the start, and says when it is unknown', () => {
    const known = callTiming(msg(100, 0.1), msg(102.01, 0.08), { client: 0, server: 2 });
    expect(known.start).toBeCloseTo(100.01);
    expect(known.clock).toBe('known');
    const unknown = callTiming(msg(100, 0.1), msg(102.01, 0.08), { client: 0 });
    expect(unknown).toMatchObject({ start: 102.01, clock: 'unknown' });
  });

  it('has no duration when neither side logged the call, only the average (the caller first)', () => {
    expect(callTiming(avg(60, 0.0058), avg(60, 0.0055))).toEqual({ duration: null, measuredBy: null, average: 0.0058, start: null, clock: null, latency: null, latencyGap: 'both-average' });
    expect(callTiming(null, avg(60, 0.0055))).toMatchObject({ duration: null, average: 0.0055, latencyGap: 'one-side' });
  });

  it('times a request from the outside world by its server', () => {
    expect(callTiming(null, msg(500.5, 0.094), { server: 0 })).toMatchObject({ duration: 0.094, measuredBy: 'server', start: 500.5, clock: 'known', latency: null, latencyGap: 'one-side' });
  });
});
