import type { DemoServer, Fleet } from './fleet';
import { CRASH_EVERY, activeIncident, incidentTarget, incidentsBetween } from './incidents';
import { catalogOf, churnOf, type ProcessDef } from './process-catalog';
import { hash } from './prng';

/** A process alive during a minute. */
export interface LiveProcess {
  def: ProcessDef;
  pid: number;
  create_time: number;
}

const DAY = 86_400;
const REBOOT_EVERY = 45 * DAY;
const DEPLOY_EVERY = 3 * DAY;
const FIXED_PIDS: Record<string, number> = { systemd: 1, kthreadd: 2, System: 4, sched: 0, init: 1 };
/** The process that crash-loops during its incident. */
export const CRASH_LOOP_ARGS = 'node /srv/worker/index.js';

const latest = (minute: number, every: number, phase: number) => Math.floor((minute - phase) / every) * every + phase;

/** When the server last booted (a minute); every server reboots every 45 days at its own phase. */
export function bootTime(seed: number, s: DemoServer, minute: number): number {
  const phase = (hash(seed, s.index, 31) % (REBOOT_EVERY / 60)) * 60;
  return latest(minute, REBOOT_EVERY, phase);
}

function osPid(s: DemoServer, n: number): number {
  return s.os === 'Windows' ? n * 4 : n;
}

function stablePid(seed: number, s: DemoServer, i: number, createTime: number, name: string): number {
  const fixed = FIXED_PIDS[name];
  if (fixed !== undefined && i < 3) return fixed;
  return osPid(s, 300 + i * 37 + (hash(seed, s.index, i, createTime) % 30));
}

function loopPid(seed: number, s: DemoServer, createTime: number, salt: number): number {
  return osPid(s, 30_000 + (hash(seed, s.index, createTime, salt) % 1_000_000));
}

/** Start time of the crash-looping process at `minute`: a new one every few minutes during the incident. */
function crashLoopStart(fleet: Fleet, s: DemoServer, minute: number, boot: number): number | null {
  const active = activeIncident(fleet, 'crash_loop', s, minute);
  if (active) return active.start + Math.floor((minute - active.start) / CRASH_EVERY) * CRASH_EVERY + 7;
  const past = incidentsBetween(fleet, minute - 2 * DAY, minute).filter((i) => i.kind === 'crash_loop' && i.serverIndex === s.index && i.end <= minute);
  const last = past[past.length - 1];
  // After an incident the supervisor starts it once more, and it stays up.
  return last && last.end > boot ? last.end + 7 : null;
}

/**
 * The processes of server `s` alive during `minute` (pids and create times are stable between
 * restarts). `atLeast` pads the list with worker processes, for load tests that want many processes.
 */
export function processesAt(fleet: Fleet, s: DemoServer, minute: number, atLeast = 0): LiveProcess[] {
  const seed = fleet.seed;
  const boot = bootTime(seed, s, minute);
  const defs = catalogOf(s.os, s.software, s.cpuNum);
  const deploy = s.tier === 'app' ? Math.max(boot, latest(minute, DEPLOY_EVERY, (hash(seed, s.index, 41) % 4320) * 60)) : boot;
  const isCrashTarget = incidentTarget(fleet, 'crash_loop')?.index === s.index;
  const out: LiveProcess[] = [];
  defs.forEach((def, i) => {
    const created = (def.service || def.weight >= 3 ? deploy : boot) + 1 + (i % 50);
    if (isCrashTarget && def.args === CRASH_LOOP_ARGS) {
      const start = crashLoopStart(fleet, s, minute, boot);
      if (start !== null) {
        out.push({ def, pid: loopPid(seed, s, start, 3), create_time: start });
        return;
      }
    }
    out.push({ def, pid: stablePid(seed, s, i, created, def.name), create_time: created });
  });
  churnOf(s.os).forEach((def, j) => {
    const slot = Math.floor(minute / def.every) * def.every;
    if (minute - slot >= def.lives) return;
    const created = slot + 3 + j;
    out.push({ def, pid: loopPid(seed, s, created, 100 + j), create_time: created });
  });
  for (let k = 0; out.length < atLeast; k++) {
    const def = { ...WORKER, args: `${WORKER.args} --slot ${k}` };
    out.push({ def, pid: osPid(s, 2_000_000 + k * 17 + (hash(seed, s.index, boot, k) % 17)), create_time: boot + 30 });
  }
  return out;
}

const WORKER: ProcessDef = { name: 'worker', args: '/opt/load/worker', weight: 0.1, memMB: 40, threads: 2, files: [] };

/** The process that owns the server's connections (its web server, application or database). */
export function serviceProcess(procs: LiveProcess[]): LiveProcess {
  return procs.find((p) => p.def.service) ?? procs[procs.length - 1]!;
}
