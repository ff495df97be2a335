import { useState } from 'react';
import { Link } from 'react-router';
import { useMe } from '../../api/session';
import { useSaveSilence } from '../../api/silences';
import { paths } from '../../app/paths';
import { canConfigure } from '../../app/session';
import { FormError } from '../../components/forms/form-fields';
import { serverFieldErrors } from '../../components/forms/schema-errors';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Panel } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { SILENCE_PRESETS, presetLabel, presetTiming } from '../../lib/silence-presets';
import { browserTimeZone } from '../../lib/zoned-time';

/**
 * "Silence this alert" for Managers and the owner (nothing for others): a silence over
 * this incident's alert, starting now, for 1 h, 4 h or until 09:00 tomorrow in the person's own zone.
 * Incidents go on being recorded; only e-mail, SMS and push are held back.
 */
type Silenced = { id: number; alert_id: number; subject: string; labels?: Record<string, string> };

export function SilencePanel({ history }: { history: Silenced }) {
  return canConfigure(useMe()) ? <SilenceButtons history={history} /> : null;
}

function SilenceButtons({ history: h }: { history: Silenced }) {
  const [reason, setReason] = useState(`Silenced from incident #${h.id}: ${h.subject}`.slice(0, 1000));
  const save = useSaveSilence(null);
  const errors = serverFieldErrors(save.error);
  const zone = browserTimeZone();
  // An external (Prometheus) alert has no alert id: it is silenced by its whole label set.
  const target = h.labels ? { matchers: Object.entries(h.labels).map(([name, value]) => ({ name, value, isRegex: false, isEqual: true })) } : { alerts: [h.alert_id] };
  return (
    <Panel title="Silence this alert">
      <div className="space-y-2">
        <FormError errors={errors} />
        <TextField label="Reason" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} error={errors.reason} />
        <div role="group" aria-label="Silence for" className="flex flex-wrap gap-2">
          {SILENCE_PRESETS.map((p) => (
            <Button
              key={p}
              className="min-h-11 sm:min-h-0"
              disabled={save.isPending}
              onClick={() => save.mutate({ ...target, reason, ...presetTiming(p, Math.floor(Date.now() / 1000), zone) })}
            >
              {p === 'tomorrow-09' ? `Silence ${presetLabel[p]}` : `Silence for ${presetLabel[p]}`}
            </Button>
          ))}
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Incidents of this alert are still recorded and callbacks still go out; e-mail, SMS and push are held back. “Tomorrow 09:00” is in {zone}.
        </p>
        {save.data && (
          <p role="status" className="text-sm text-green-700 dark:text-green-400">
            Silenced until {formatTime(save.data.end)} UTC. <Link className="text-teal-800 underline dark:text-teal-300" to={paths.silences}>See the silences</Link>
          </p>
        )}
      </div>
    </Panel>
  );
}
