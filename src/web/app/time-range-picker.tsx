import { useState } from 'react';
import { TIME_STEPS, type TimeStep } from '../../shared/timeseries';
import { fromInputValue, toInputValue } from '../lib/format';
import { PRESETS, type Preset } from '../lib/time-range';
import { Button } from '../components/ui/button';
import { inputBase, inputClass } from '../components/ui/field';
import { useTimeView } from './use-time-view';

/** The global range: presets, a custom absolute range (UTC), the step, auto-refresh and "copy link". */
export function TimeRangePicker() {
  const { view, window, setView, frozenHref } = useTimeView();
  const [custom, setCustom] = useState(false);
  const [from, setFrom] = useState(toInputValue(window.from));
  const [to, setTo] = useState(toInputValue(window.to));
  const [copied, setCopied] = useState(false);
  const current = view.spec.kind === 'relative' ? view.spec.preset : 'custom';

  function applyCustom() {
    const f = fromInputValue(from);
    const t = fromInputValue(to);
    if (f !== null && t !== null && f < t) {
      setView({ ...view, spec: { kind: 'absolute', from: f, to: t } });
      setCustom(false);
    }
  }
  async function copyLink() {
    const href = frozenHref();
    await navigator.clipboard?.writeText(href).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }

  return (
    <div className="flex flex-wrap items-center gap-1 text-sm" role="group" aria-label="Time range">
      {(Object.keys(PRESETS) as Preset[]).map((p) => (
        <Button key={p} variant={current === p ? 'primary' : 'ghost'} aria-pressed={current === p} onClick={() => setView({ ...view, spec: { kind: 'relative', preset: p } })}>
          {p}
        </Button>
      ))}
      <Button variant={current === 'custom' ? 'primary' : 'ghost'} aria-expanded={custom} onClick={() => setCustom((c) => !c)}>
        Custom
      </Button>
      <label className="sr-only" htmlFor="step-select">
        Step
      </label>
      <select
        id="step-select"
        className={inputBase}
        value={view.step ?? ''}
        onChange={(e) => setView({ ...view, step: (e.target.value || undefined) as TimeStep | undefined })}
      >
        <option value="">Step: auto ({window.step})</option>
        {(Object.keys(TIME_STEPS) as TimeStep[]).map((s) => (
          <option key={s} value={s}>
            Step: {s}
          </option>
        ))}
      </select>
      <Button variant="ghost" aria-pressed={view.paused} onClick={() => setView({ ...view, paused: !view.paused })} title="Auto-refresh (p)">
        {view.paused || view.spec.kind === 'absolute' ? '▶ Resume refresh' : '❚❚ Pause refresh'}
      </Button>
      <Button variant="ghost" onClick={copyLink} title="Copy a link to exactly this view">
        {copied ? 'Link copied' : 'Copy link'}
      </Button>
      {custom && (
        <div className="flex w-full flex-wrap items-end gap-2 pt-1">
          <label className="text-xs">
            From (UTC)
            <input type="datetime-local" className={inputClass} value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label className="text-xs">
            To (UTC)
            <input type="datetime-local" className={inputClass} value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          <Button variant="primary" onClick={applyCustom}>
            Apply
          </Button>
        </div>
      )}
    </div>
  );
}
