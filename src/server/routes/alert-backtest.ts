import type { FastifyInstance } from 'fastify';
import { backtestRange, backtestWindow, type BacktestAnswer, backtestAnswer, backtestRangeFields } from '../../shared/alert-backtest';
import { alertCreate, alertCreateFields } from '../../shared/alerts';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { backtest } from '../services/alert-backtest';
import { prepareAlert } from '../services/alerts';
import { route } from '../http/route';

const BACKTEST_RULES =
  'Replays the live engine (the same observation and decision code) over the stored minutes of the alert\'s servers, ' +
  'honouring maintenance windows as live evaluation does; nothing is stored. ' +
  'Available for Server, Server Tag, Process and Application alerts with static thresholds; Server Down, the content triggers ' +
  '(File Accessed, Port Accessed, Incident Report Content, Registry Accessed), Log and Polled Data alerts and out-of-band thresholds answer 422. ' +
  'start and end default to the last 7 days; at most 31 days.';

/** Backtests (beyond the spec): how an alert, saved or only typed, would have fired on stored data. */
export function alertBacktestRoutes(app: FastifyInstance, { store, now }: Deps) {
  route(app, {
    method: 'POST', path: '/alerts/backtest',
    tag: 'Alerts', summary: 'How an alert typed in the create form would have fired (any role; stores nothing)',
    description: `Takes the create form of POST /alerts/ (validated the same way) plus start and end. ${BACKTEST_RULES}`,
    params: alertCreateFields.extend(backtestRangeFields.shape), response: backtestAnswer,
  }, async (req): Promise<BacktestAnswer> => {
    const input = parseInput(req, alertCreate);
    const window = backtestWindow(parseInput(req, backtestRange), now());
    const values = await prepareAlert(store, req.account.id, input);
    return { ...(await backtest(store, req.account.id, 0, values, window)), ...window };
  });

  route(app, {
    method: 'GET', path: '/alerts/:id/backtest',
    tag: 'Alerts', summary: 'How a saved alert would have fired over start..end',
    description: BACKTEST_RULES,
    params: backtestRangeFields, response: backtestAnswer,
  }, async (req): Promise<BacktestAnswer> => {
    const id = pathId(req);
    const alert = id === null ? null : await store.alerts.get(req.account.id, id);
    if (!alert) throw notFound('alert');
    const window = backtestWindow(parseInput(req, backtestRange), now());
    return { ...(await backtest(store, req.account.id, alert.id, alert, window)), ...window };
  });
}
