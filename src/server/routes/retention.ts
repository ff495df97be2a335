import type { FastifyInstance } from 'fastify';
import { retention, retentionInput } from '../../shared/retention';
import type { Deps } from '../deps';
import { parseInput } from '../http/input';
import { route } from '../http/route';
import { retentionView, setRetention } from '../services/retention';

const ABOUT =
  'Extension (issue 21). Days each category is kept for the account: minute, hour and day series, process details, logs, traces ' +
  '(transaction messages) and closed alert histories; null keeps it forever (hour, day and alert_histories only; send 0 for that). ' +
  'usage gives, per category, the rows and bytes the account holds now and the bytes of its last 24 hours (an estimate: each ' +
  "table's bytes times the account's share of its rows); store gives the whole store's size and the free disk where known. " +
  'Every role reads it; only the account owner changes it. A PUT changes the categories it gives and keeps the others; hour must be ' +
  'at least minute and day at least hour. The hourly retention job applies it.';

/** Retention you can see and set (issue 21): every role reads, the account owner writes (access.ts). */
export function retentionRoutes(app: FastifyInstance, deps: Deps) {
  route(app, {
    method: 'GET', path: '/retention',
    tag: 'Account', summary: 'How long each kind of data is kept, and the disk it takes', description: ABOUT,
    response: retention,
  }, async (req) => retentionView(deps, req.account.id));

  route(app, {
    method: 'PUT', path: '/retention',
    tag: 'Account', summary: 'Change how long kinds of data are kept (account owner)', description: ABOUT,
    params: retentionInput, response: retention,
  }, async (req) => setRetention(deps, req.account.id, parseInput(req, retentionInput)));
}
