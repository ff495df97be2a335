import { safeHttpUrl } from '../../../shared/external-alerts';
import { linkClass } from './incident-cells';

/** An external (Prometheus) alert's labels as chips, `name=value`, alertname left out (it names the row). */
export function LabelChips({ labels }: { labels: Readonly<Record<string, string>> }) {
  const shown = Object.entries(labels).filter(([k]) => k !== 'alertname');
  if (!shown.length) return <>–</>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Labels">
      {shown.map(([k, v]) => (
        <li key={k} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          {k}={v}
        </li>
      ))}
    </ul>
  );
}

/**
 * Where the alert came from (its generatorURL): a link only when it is http or https, since the sender
 * wrote it (a javascript: URL is shown as text, never followed).
 */
export function SourceLink({ url, label = 'Source' }: { url: string; label?: string }) {
  if (!url) return null;
  const safe = safeHttpUrl(url);
  if (!safe) return <span className="break-all">{url}</span>;
  return (
    <a className={linkClass} href={safe} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}
