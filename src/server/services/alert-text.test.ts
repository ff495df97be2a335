import { describe, expect, it } from 'vitest';
import { targetText, triggerText, type TriggerFields } from './alert-text';

const base: TriggerFields = {
  type: 'Server', trigger_type: 'CPU', direction: 'above', threshold: 75, threshold_type: 'static', band_value: 2,
  window_length: 1, window_units: 'h', part_name: 'MAX', ip_details: '', reg_exp: '', num_of_servers: 1,
};

describe('triggerText', () => {
  it.each([
    [{}, 'CPU above 75%'],
    [{ trigger_type: 'Server Down' }, 'Server Down'],
    [{ trigger_type: 'Disk', part_name: 'C:', threshold: 90 }, 'Disk C: above 90%'],
    [{ trigger_type: 'Disk', threshold: 90.5 }, 'Disk above 90.5%'],
    [{ trigger_type: 'Memory', direction: 'below', threshold: 20 }, 'Memory below 20%'],
    [{ type: 'Process', trigger_type: 'Memory', threshold: 1048576 }, 'Memory above 1048576 bytes'],
    [{ type: 'Application', trigger_type: 'Average Response Time', threshold: 500 }, 'Average Response Time above 500 µs'],
    [{ trigger_type: 'Threads', threshold: 500 }, 'Threads above 500'],
    [{ threshold: null }, 'CPU above (no threshold set)'],
    [{ type: 'Server Tag', num_of_servers: 3 }, 'CPU above 75% on 3 servers'],
    [{ type: 'Server Tag', trigger_type: 'Server Down', num_of_servers: 2 }, 'Server Down on 2 servers'],
    [{ trigger_type: 'Log Content', reg_exp: 'err' }, 'Log Content matches /err/'],
    [{ trigger_type: 'Log Content' }, 'Log Content (any)'],
    [{ trigger_type: 'Port Accessed', ip_details: '22,80' }, 'Port Accessed: 22,80'],
    [{ trigger_type: 'Nagios', threshold: null }, 'Nagios status not OK'],
    [{ trigger_type: 'Nagios', threshold: 1, direction: 'above' }, 'Nagios status above WARNING'],
    [{ threshold_type: 'out of band', window_length: 6, band_value: 2.5 }, 'CPU above its 6h band (2.50 standard deviations)'],
    [{ threshold_type: 'out of band', direction: 'outside bounds', window_units: 'd' }, 'CPU outside its 1d band (2.00 standard deviations)'],
  ])('%j gives %s', (change, text) => {
    expect(triggerText({ ...base, ...change })).toBe(text);
  });
});

describe('targetText', () => {
  it.each([
    [{ kind: 'server', hostname: 'web-1', nickname: '', os: 'Linux' }, 'web-1 (Linux)'],
    [{ kind: 'server', hostname: 'web-1', nickname: 'front', os: 'Windows' }, 'front (Windows)'],
    [{ kind: 'process', name: 'nginx', hostname: 'web-1' }, 'nginx on web-1'],
    [{ kind: 'server tag', name: 'web', servers: 1 }, 'tag web (1 server)'],
    [{ kind: 'server tag', name: 'web', servers: 4 }, 'tag web (4 servers)'],
    [{ kind: 'log', sourceType: 'SYSLOG', source: '514', hostname: 'db' }, 'SYSLOG log 514 on db'],
    [{ kind: 'polled data', name: 'check_disk', hostname: 'db' }, 'check_disk on db'],
    [{ kind: 'application', name: 'shop' }, 'application shop'],
  ] as const)('%j gives %s', (facts, text) => {
    expect(targetText(facts)).toBe(text);
  });
});
