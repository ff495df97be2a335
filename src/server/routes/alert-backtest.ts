import type { FastifyInstance } from 'fastify';
import { backtestRange, backtestWindow, type BacktestAnswer } from '../../shared/alert-backtest';
import { alertCreate } from '../../shared/alerts';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import { backtest } from '../services/alert-backtest';
import { prepareAlert } from '../services/alerts';

/** Backtests (beyond the spec): how an alert, saved or only typed, would have fired on stored data. */
export function alertBacktestRoutes(app: FastifyInstance, { store, now }: Deps) {
  app.post('/alerts/backtest', async (req): Promise<BacktestAnswer> => {
    const input = parseInput(req, alertCreate);
    const window = backtestWindow(parseInput(req, backtestRange), now());
    const values = await prepareAlert(store, req.account.id, input);
    return { ...(await backtest(store, req.account.id, 0, values, window)), ...window };
  });

  app.get('/alerts/:id/backtest', async (req): Promise<BacktestAnswer> => {
    const id = pathId(req);
    const alert = id === null ? null : await store.alerts.get(req.account.id, id);
    if (!alert) throw notFound('alert');
    const window = backtestWindow(parseInput(req, backtestRange), now());
    return { ...(await backtest(store, req.account.id, alert.id, alert, window)), ...window };
  });
}
