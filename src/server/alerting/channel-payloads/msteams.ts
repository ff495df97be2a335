import { clip, isoTime, messageFacts, type PayloadInput } from './facts';

/**
 * Adaptive Card text is Markdown (a subset): characters that would format user text (emphasis, links,
 * code, and a list or heading mark at a line's start) are escaped with a backslash, so an alert named
 * "*prod*_db" shows as written.
 */
export const escapeCardMarkdown = (s: string) => s.replace(/[\\*_~`[\]]/g, (c) => `\\${c}`).replace(/^(\s*)([-+#>]|\d+\.)/gm, '$1\\$2');

interface TextBlock {
  type: 'TextBlock';
  text: string;
  wrap: true;
  weight?: 'Bolder';
  size?: 'Medium' | 'Large';
  color?: 'Attention' | 'Good' | 'Warning' | 'Accent';
}
interface FactSet {
  type: 'FactSet';
  facts: { title: string; value: string }[];
}
interface OpenUrl {
  type: 'Action.OpenUrl';
  title: string;
  url: string;
}

export interface TeamsMessage {
  type: 'message';
  attachments: {
    contentType: 'application/vnd.microsoft.card.adaptive';
    contentUrl: null;
    content: { $schema: string; type: 'AdaptiveCard'; version: '1.4'; body: (TextBlock | FactSet)[]; actions: OpenUrl[]; msteams: { width: 'Full' } };
  }[];
}

const COLOR = { TRIGGERED: 'Attention', RESOLVED: 'Good', ACKNOWLEDGED: 'Warning', TEST: 'Accent' } as const;

/**
 * A message for a Teams Workflows webhook ("Post to a channel when a webhook request is received"):
 * one Adaptive Card 1.4 with a title, a FactSet (alert, target, value, status, time), the description,
 * and Action.OpenUrl buttons (Acknowledge while open, Open incident).
 */
export function teamsMessage(m: PayloadInput): TeamsMessage {
  const f = messageFacts(m);
  const body: (TextBlock | FactSet)[] = [
    { type: 'TextBlock', text: escapeCardMarkdown(clip(f.title, 200)), wrap: true, weight: 'Bolder', size: 'Medium', color: COLOR[m.event] },
    {
      type: 'FactSet',
      facts: [
        { title: 'Alert', value: escapeCardMarkdown(f.alert) },
        { title: 'Target', value: escapeCardMarkdown(f.target) },
        { title: 'Value', value: escapeCardMarkdown(f.value) },
        { title: 'Status', value: escapeCardMarkdown(f.status) },
        { title: 'Time', value: isoTime(f.time).replace('T', ' ').replace('.000Z', ' UTC') },
      ],
    },
  ];
  if (f.description) body.push({ type: 'TextBlock', text: escapeCardMarkdown(clip(f.description, 3000)), wrap: true });
  const actions: OpenUrl[] = [];
  if (f.links && m.event === 'TRIGGERED') actions.push({ type: 'Action.OpenUrl', title: 'Acknowledge', url: f.links.acknowledge });
  if (f.links) actions.push({ type: 'Action.OpenUrl', title: 'Open incident', url: f.links.incident });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: { $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4', body, actions, msteams: { width: 'Full' } },
      },
    ],
  };
}
