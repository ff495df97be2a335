import { describe, expect, it } from 'vitest';
import type { EvaluationItem } from '../store/repos/alert-engine';
import { rounds } from './rounds';

const item = (id: number, accountId: number, serverId: number, minute: number): EvaluationItem => ({ id, accountId, serverId, minute, payload: '', receivedMs: 0, attempts: 1 });

describe('rounds', () => {
  it("puts each server's k-th item in round k, keeping the claim's order within a round", () => {
    const claim = [item(1, 1, 10, 0), item(2, 1, 11, 0), item(3, 2, 10, 0), item(4, 1, 10, 60), item(5, 1, 11, 60), item(6, 1, 10, 120)];
    expect(rounds(claim).map((r) => r.map((i) => i.id))).toEqual([[1, 2, 3], [4, 5], [6]]);
  });

  it('cuts a round into rounds of at most the size given', () => {
    const claim = [1, 2, 3, 4, 5].map((id) => item(id, 1, id, 0)).concat([item(6, 1, 1, 60)]);
    expect(rounds(claim, 2).map((r) => r.map((i) => i.id))).toEqual([[1, 2], [3, 4], [5], [6]]);
  });

  it('answers no round for no item', () => {
    expect(rounds([])).toEqual([]);
  });
});
