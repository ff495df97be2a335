import type { z } from 'zod';
import type { threadDetail } from '../../../shared/ingest';
import { formatTime } from '../../lib/format';

type Thread = z.infer<typeof threadDetail>;
const muted = 'text-slate-600 dark:text-slate-400';
/** Thread fields are strings; a creation time in epoch seconds reads better as a UTC time. */
const created = (s: string) => (/^\d{9,11}$/.test(s) ? formatTime(Number(s)) : s);

/** The files of a detail record (process or application), as text. */
export function FilesList({ files }: { files: readonly string[] | undefined }) {
  return (
    <ul aria-label="Files" className="max-h-80 overflow-auto font-mono text-xs">
      {(files ?? []).map((f) => <li key={f}>{f}</li>)}
      {!files?.length && <li className={`font-sans ${muted}`}>No files recorded.</li>}
    </ul>
  );
}

/** The threads of a detail record. An application's threads come from several processes, so TIDs may repeat. */
export function ThreadsTable({ threads }: { threads: readonly Thread[] | undefined }) {
  if (!threads?.length) return <p className={`text-sm ${muted}`}>No threads recorded.</p>;
  return (
    <div className="max-h-80 overflow-auto">
      <table className="w-full text-xs">
        <caption className="sr-only">Threads</caption>
        <thead>
          <tr className={`text-left ${muted}`}>
            {['TID', 'Stack size', 'Created (UTC)', 'Kernel time', 'User time'].map((h) => <th key={h} scope="col">{h}</th>)}
          </tr>
        </thead>
        <tbody>
          {threads.map((t, i) => (
            <tr key={`${t.TID}-${i}`} className="border-t border-slate-100 dark:border-slate-800">
              <td>{t.TID}</td><td>{t.StackSize}</td><td>{created(t.CreateTime)}</td><td>{t.KernelTime}</td><td>{t.UserTime}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
