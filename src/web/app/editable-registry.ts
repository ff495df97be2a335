import { paths } from './paths';
import type { AnyEditableResource } from './editable-resource';

/** A route of an editable screen and the module that defines its resource (a chunk of its own). */
interface EditableRoute {
  path: string;
  load: () => Promise<AnyEditableResource>;
}

/**
 * The editable list + form screens, one generic page for all (pages/resources/editable-list-page).
 * A new one is a resource definition under pages/ and an entry here; its route is generated.
 */
export const EDITABLE_REGISTRY = {
  maintenance: { path: paths.maintenance, load: () => import('../pages/maintenance-windows/maintenance-resource').then((m) => m.maintenanceResource) },
  silences: { path: paths.silences, load: () => import('../pages/silences/silence-resource').then((m) => m.silenceResource) },
  escalationPolicies: { path: paths.escalationPolicies, load: () => import('../pages/escalation-policies/policy-resource').then((m) => m.policyResource) },
  channels: { path: paths.channels, load: () => import('../pages/channels/channel-resource').then((m) => m.channelResource) },
  scrapeTargets: { path: paths.scrapeTargets, load: () => import('../pages/scrape-targets/scrape-target-resource').then((m) => m.scrapeTargetResource) },
  tags: { path: paths.tags, load: () => import('../pages/tags/tag-resource').then((m) => m.tagResource) },
  serverSets: { path: paths.serverSets, load: () => import('../pages/server-sets/server-set-resource').then((m) => m.serverSetResource) },
  users: { path: paths.users, load: () => import('../pages/users/user-resource').then((m) => m.userResource) },
} satisfies Record<string, EditableRoute>;
