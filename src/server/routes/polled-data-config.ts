import type { FastifyInstance } from 'fastify';
import { itemPath } from '../../shared/paths';
import {
  DEFAULT_POLL_FILE_TYPE,
  DEFAULT_POLL_FREQUENCY,
  polledDataConfigInput,
  type PolledDataConfig,
  polledDataConfig,
} from '../../shared/polled-data-config';
import type { Deps } from '../deps';
import { notFound } from '../http/errors';
import { parseInput, pathId } from '../http/input';
import type { PolledDataConfigRecord } from '../store/repos/polled-data-config';
import { route } from '../http/route';

/** The config of a server; before any PUT, the defaults (empty file, every 300 s) rather than a 404. */
export function toPolledDataConfig(serverId: number, r: PolledDataConfigRecord | null): PolledDataConfig {
  return {
    server_id: serverId,
    file_path: r?.filePath ?? '',
    file_type: r?.fileType ?? DEFAULT_POLL_FILE_TYPE,
    file_contents: r?.fileContents ?? '',
    frequency: r?.frequency ?? DEFAULT_POLL_FREQUENCY,
    url: `${itemPath('servers', serverId)}polled_data_config/`,
  };
}

export function polledDataConfigRoutes(app: FastifyInstance, { store, now }: Deps) {
  async function serverOr404(accountId: number, id: number | null) {
    const s = id === null ? null : await store.servers.get(accountId, id);
    if (!s) throw notFound('server');
    return s;
  }

  route(app, {
    method: 'GET', path: '/servers/:id/polled_data_config',
    tag: 'Servers', summary: 'Polled-data configuration',
    response: polledDataConfig,
  }, async (req) => {
    const s = await serverOr404(req.account.id, pathId(req));
    return toPolledDataConfig(s.id, await store.polledDataConfig.get(req.account.id, s.id));
  });

  route(app, {
    method: 'PUT', path: '/servers/:id/polled_data_config',
    tag: 'Servers', summary: 'Set the polled-data configuration',
    params: polledDataConfigInput, response: polledDataConfig,
  }, async (req) => {
    const s = await serverOr404(req.account.id, pathId(req));
    const input = parseInput(req, polledDataConfigInput);
    const stored = await store.polledDataConfig.put(
      req.account.id,
      s.id,
      { filePath: input.file_path, fileType: DEFAULT_POLL_FILE_TYPE, fileContents: input.file_contents, frequency: input.frequency },
      now(),
    );
    return toPolledDataConfig(s.id, stored);
  });
}
