import type { FastifyInstance } from 'fastify';
import { notificationSettingsInput, type notificationSettings } from '../../shared/incident-response';
import type { z } from 'zod';
import type { Deps } from '../deps';
import { parseInput } from '../http/input';
import type { NotificationSettings } from '../store/repos/notification-settings';

const toAnswer = (s: NotificationSettings): z.infer<typeof notificationSettings> => ({ group_wait_s: s.groupWaitS });

/**
 * The account's notification grouping (issue 18): every role reads it; Manager and owner change it
 * (access.ts). A change applies to notifications queued after it.
 */
export function notificationSettingsRoutes(app: FastifyInstance, { store, now }: Deps) {
  app.get('/notification_settings', async (req) => toAnswer(await store.notificationSettings.get(req.account.id)));

  app.put('/notification_settings', async (req) => {
    const input = parseInput(req, notificationSettingsInput);
    return toAnswer(await store.notificationSettings.set(req.account.id, { groupWaitS: input.group_wait_s }, now()));
  });
}
