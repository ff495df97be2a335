import { describe, expect, it } from 'vitest';
import { parseTransactionMessage, traceSearch } from './message';

const url = JSON.stringify(['request', 1, 'nginx', 1794802781.317, 884, 1, 0, '10.20.0.12:80', '10.20.0.16:51288', 'GET /api/orders/1 HTTP/1.1']);

describe('transaction messages', () => {
  it('parses the items in the spec order', () => {
    expect(parseTransactionMessage(url)).toEqual({
      event: 'request', application: 'nginx', time: 1794802781.317, pid: 884,
      own: { ip: '10.20.0.12', port: 80 }, peer: { ip: '10.20.0.16', port: 51288 }, statement: 'GET /api/orders/1 HTTP/1.1',
    });
  });

  it.each(['not json', '[]', JSON.stringify(['a', 1, 'b', 'late', 1, 1, 0, '1:1', '2:2', 's']), JSON.stringify(['a', 1, 'b', 1, 1, 1, 0, 'noport', '2:2', 's'])])(
    'refuses %s',
    (data) => expect(parseTransactionMessage(data)).toBeNull(),
  );

  it('keeps IPv6 peers and builds URL and SQL trace queries', () => {
    const sql = parseTransactionMessage(JSON.stringify(['query', 1, 'java', 10.5, 7, 1, 0, '[::1]:5000', '[fe80::2]:5432', 'SELECT 1']))!;
    expect(sql.peer).toEqual({ ip: 'fe80::2', port: 5432 });
    expect(traceSearch(sql, 'AFSQL', 3).toString()).toBe('time=10.5&ip=fe80%3A%3A2&port=5432');
    expect(traceSearch(parseTransactionMessage(url)!, 'AFURL', 3).toString()).toBe('time=1794802781.317&sid=3&pid=884');
  });
});
