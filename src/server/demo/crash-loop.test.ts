import { describe, expect, it } from 'vitest';
import { buildFleet } from './fleet';
import { incidentTarget } from './incidents';
import { CRASH_LOOP_ARGS, processesAt } from './processes';

// A first start backfills the last day first and sets the "Worker process terminated" alert up on the
// crash-looping worker seen in that day's first minutes (fleet-runner.ts, demo-alerts.ts). Whatever the
// time of day, that instance must end inside the day sent, or the incident waits for live minutes.
const DAY = 86_400;
const SETUP_MINUTES = 10;

describe('the demo crash loop, seen from a last-day backfill', () => {
  for (const seed of [1, 7]) {
    it(`ends the worker of the backfill's first minutes before its last minute, at any hour (seed ${seed})`, () => {
      const fleet = buildFleet(25, seed);
      const target = incidentTarget(fleet, 'crash_loop')!;
      const worker = (minute: number) => processesAt(fleet, target, minute).find((p) => p.def.args === CRASH_LOOP_ARGS);
      const start = 1_795_000_000 - (1_795_000_000 % DAY);
      let checked = 0;
      for (let now = start; now < start + 21 * DAY; now += 5 * 60) {
        const last = now - 60;
        const first = last - 1439 * 60;
        const lastPids = new Set([worker(last)].map((p) => `${p?.pid}/${p?.create_time}`));
        for (let m = first; m < first + SETUP_MINUTES * 60; m += 60) {
          const w = worker(m);
          expect(w, `worker at ${m}`).toBeDefined();
          expect(lastPids.has(`${w!.pid}/${w!.create_time}`), `now ${now}: the worker of ${m} still runs at ${last}`).toBe(false);
          checked++;
        }
      }
      expect(checked).toBe(21 * 288 * SETUP_MINUTES);
    });
  }
});
