import { useSearchParams } from 'react-router';
import type { AuditEntryItem } from '../../../shared/audit';
import { AUDIT_PAGE, useAudit } from '../../api/audit';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { Empty, ErrorBox, Loading } from '../../components/ui/status';
import { formatTime } from '../../lib/format';
import { auditChanges, valueText } from './audit-changes';

/** Who changed what and when (`?resource=` filters, `?page=` pages); managers only, the service answers a Regular user 403. */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const page = /^\d+$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 0;
  const resource = params.get('resource') ?? '';
  const audit = useAudit({ page, resource });
  const set = (k: string, v: string) => setParams((p) => (v ? p.set(k, v) : p.delete(k), k !== 'page' && p.delete('page'), p), { replace: true });
  const count = audit.data?.pagination.count ?? 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="text-lg font-semibold">Audit</h1>
        <label className="text-xs font-medium text-slate-700 dark:text-slate-300">
          Resource
          <input className={inputClass} value={resource} placeholder="alerts, users, …" onChange={(e) => set('resource', e.target.value.trim())} />
        </label>
        {audit.data && <p className="text-sm text-slate-600 dark:text-slate-400">{count} changes, newest first</p>}
      </div>
      {audit.isPending && <Loading what="audit entries" />}
      {audit.error && <ErrorBox error={audit.error} />}
      {audit.data?.data.length === 0 && <Empty>No change recorded{resource ? ` for ${resource}` : ''}.</Empty>}
      {!!audit.data?.data.length && (
        <table className="w-full rounded-lg bg-white text-sm dark:bg-slate-900">
          <caption className="sr-only">Audit entries</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
              {['Time (UTC)', 'User', 'Action', 'Item', 'Before → after'].map((h) => (
                <th key={h} scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>{audit.data.data.map((e) => <AuditRow key={e.id} entry={e} />)}</tbody>
        </table>
      )}
      {count > AUDIT_PAGE && (
        <div className="flex items-center gap-2 text-sm">
          <Button disabled={page === 0} onClick={() => set('page', String(page - 1))}>Newer</Button>
          <span>Page {page + 1} of {Math.ceil(count / AUDIT_PAGE)}</span>
          <Button disabled={!audit.data?.pagination.next} onClick={() => set('page', String(page + 1))}>Older</Button>
        </div>
      )}
    </div>
  );
}

function AuditRow({ entry: e }: { entry: AuditEntryItem }) {
  const changes = auditChanges(e.before, e.after);
  return (
    <tr className="border-b border-slate-100 align-top dark:border-slate-800">
      <td className="px-3 py-1.5 whitespace-nowrap">{formatTime(e.time)}</td>
      <td className="px-3 py-1.5">{e.user_email}</td>
      <td className="px-3 py-1.5">{e.action}</td>
      <td className="px-3 py-1.5">
        {e.resource}
        {e.resource_id !== null && ` #${e.resource_id}`}
        <div className="text-xs text-slate-600 dark:text-slate-400">{e.method} {e.path}</div>
      </td>
      <td className="px-3 py-1.5">
        {changes.length === 0 ? (
          '–'
        ) : (
          <ul className="space-y-0.5 text-xs">
            {changes.slice(0, 12).map((c) => (
              <li key={c.field} className="break-all">
                <span className="font-medium">{c.field}</span>: <del className="text-red-800 dark:text-red-300">{valueText(c.before)}</del> → <ins className="text-green-800 no-underline dark:text-green-300">{valueText(c.after)}</ins>
              </li>
            ))}
            {changes.length > 12 && <li>and {changes.length - 12} more fields</li>}
          </ul>
        )}
      </td>
    </tr>
  );
}
