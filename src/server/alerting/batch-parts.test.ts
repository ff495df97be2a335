import { describe, expect, it } from 'vitest';
import type { Batch } from '../../shared/ingest';
import { evaluationPayload, payloadServes, type EvaluationPayload } from './batch-parts';

const batch = {
  batch_id: 'b', guid: 'g', minute: 600, server: { cpu: 5, memory: 1 },
  processes: [{ pid: 1 }], process_details: [{ pid: 1 }], connections: [{ pid: 1 }],
  logs: [{ log_id: 1 }], polled: [{ name: 'x' }], statsd: [{ name: 's' }], transactions: [{ log_id: 2 }],
} as unknown as Batch;
const parsed = (types: string[]) => JSON.parse(evaluationPayload(batch, types)!) as EvaluationPayload;

describe('evaluation payload', () => {
  it('is null for an account without active alerts', () => {
    expect(evaluationPayload(batch, [])).toBeNull();
  });

  it.each([
    [['Server'], [], { processes: 0, logs: 0, polled: 0 }],
    [['Server Tag', 'Log'], ['logs'], { processes: 0, logs: 1, polled: 0 }],
    [['Polled Data'], ['polled'], { processes: 0, logs: 0, polled: 1 }],
    [['Application'], ['logs', 'processes'], { processes: 1, logs: 1, polled: 0 }],
    [['Process', 'Polled Data'], ['logs', 'polled', 'processes'], { processes: 1, logs: 1, polled: 1 }],
  ])('for %j keeps %j beside the server record', (types, parts, n) => {
    const p = parsed(types);
    expect(p.parts).toEqual(parts);
    expect(p.batch.server).toEqual(batch.server);
    expect({ processes: p.batch.processes.length, logs: p.batch.logs.length, polled: p.batch.polled.length }).toEqual(n);
    expect(p.batch.process_details.length).toBe(n.processes);
    expect(p.batch.statsd).toEqual([]);
  });

  it('serves only alerts whose parts it kept, so an alert created after the batch is not judged on a partial one', () => {
    const p = parsed(['Server']);
    expect(payloadServes(p, 'Server Tag')).toBe(true);
    expect(payloadServes(p, 'Process')).toBe(false);
    expect(payloadServes(parsed(['Application']), 'Process')).toBe(true);
    expect(payloadServes(parsed(['Log']), 'Polled Data')).toBe(false);
  });
});
