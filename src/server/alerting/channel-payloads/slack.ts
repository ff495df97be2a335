import { clip, isoTime, messageFacts, type PayloadInput } from './facts';

/** Slack mrkdwn: &, < and > are control characters and must be escaped in user text. */
export const escapeMrkdwn = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Text = { type: 'plain_text'; text: string; emoji?: boolean } | { type: 'mrkdwn'; text: string };
type Block =
  | { type: 'header'; text: Text }
  | { type: 'section'; text?: Text; fields?: Text[] }
  | { type: 'context'; elements: Text[] }
  | { type: 'actions'; elements: { type: 'button'; action_id: string; text: Text; url: string; style?: 'primary' | 'danger' }[] };

export interface SlackMessage {
  text: string;
  blocks: Block[];
}

const field = (label: string, value: string): Text => ({ type: 'mrkdwn', text: clip(`*${label}*\n${escapeMrkdwn(value)}`, 2000) });

/**
 * A Block Kit message for a Slack incoming webhook: `text` (the notification's fallback) and blocks:
 * a header, a section of fields (alert, target, value, status, time), the description, and URL buttons
 * (Acknowledge while the incident is open, Open incident). Limits: header 150, field 2000, section 3000.
 */
export function slackMessage(m: PayloadInput): SlackMessage {
  const f = messageFacts(m);
  const time = `<!date^${f.time}^{date_short_pretty} {time}|${isoTime(f.time)}>`;
  const blocks: Block[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(f.title, 150), emoji: true } },
    {
      type: 'section',
      fields: [field('Alert', f.alert), field('Target', f.target), field('Value', f.value), field('Status', f.status), { type: 'mrkdwn', text: `*Time*\n${time}` }],
    },
  ];
  if (f.description) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: clip(escapeMrkdwn(f.description), 3000) } });
  if (f.links) {
    const buttons: Extract<Block, { type: 'actions' }>['elements'] = [];
    if (m.event === 'TRIGGERED') buttons.push({ type: 'button', action_id: 'acknowledge', text: { type: 'plain_text', text: 'Acknowledge' }, url: f.links.acknowledge, style: 'primary' });
    buttons.push({ type: 'button', action_id: 'open_incident', text: { type: 'plain_text', text: 'Open incident' }, url: f.links.incident });
    blocks.push({ type: 'actions', elements: buttons });
  }
  return { text: clip(escapeMrkdwn(`${f.status}: ${f.summary}`), 3000), blocks };
}
