import { useSearchParams } from 'react-router';
import type { AuditEntryItem } from '../../../shared/audit';
import { AUDIT_PAGE, useAudit } from '../../api/audit';
import { useUsers, userName } from '../../api/users';
import { Button } from '../../components/ui/button';
import { inputClass, SelectField } from '../../components/ui/field';
import { Empty, ErrorBox, Loading } from '../../components/ui/status';
import { AUDIT_ACTIONS, actionVerb, describeItem, localTime, readableDiff, resourceNoun, type NameBook } from './audit-diff';
import { fromLocalInput, parseAuditParams, toLocalInput } from './audit-filter';
import { useNameBook } from './use-name-book';

const RESOURCES = ['alerts', 'server_tags', 'server_sets', 'maintenance_windows', 'silences', 'servers', 'users', 'invitations', 'logs', 'alert_histories', 'notification_settings'];
const labelClass = 'text-xs font-medium text-slate-700 dark:text-slate-300';

/**
 * Who changed what and when, in names and local times, each change as a diff of the fields it changed;
 * filtered by user, action, resource and time (in the URL; the service filters). Managers only.
 */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const q = parseAuditParams(params);
  const audit = useAudit(q);
  const users = useUsers();
  const book = useNameBook();
  const set = (k: string, v: string) => setParams((p) => (v ? p.set(k, v) : p.delete(k), k !== 'page' && p.delete('page'), p), { replace: true });
  const setTime = (k: 'start' | 'end', v: string) => set(k, String(fromLocalInput(v, k === 'end') ?? ''));
  const count = audit.data?.pagination.count ?? 0;
  const filtered = q.userId !== undefined || !!q.action || !!q.resource || q.start !== undefined || q.end !== undefined;
  return (
    <div className="space-y-4">
      <h1 className="text-lg font-semibold">Audit</h1>
      <div role="search" aria-label="Filter the audit log" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <SelectField label="User" value={q.userId === undefined ? '' : String(q.userId)} onChange={(e) => set('user', e.target.value)}>
          <option value="">Everyone</option>
          {(users.data ?? []).map((u) => <option key={u.id} value={u.id}>{userName(u)}</option>)}
        </SelectField>
        <SelectField label="Action" value={q.action ?? ''} onChange={(e) => set('action', e.target.value)}>
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((a) => <option key={a} value={a}>{actionVerb(a)}</option>)}
        </SelectField>
        <SelectField label="Resource" value={q.resource ?? ''} onChange={(e) => set('resource', e.target.value)}>
          <option value="">Anything</option>
          {RESOURCES.map((r) => <option key={r} value={r}>{resourceNoun(r)}</option>)}
        </SelectField>
        <label className={labelClass}>
          From
          <input type="datetime-local" className={inputClass} value={toLocalInput(q.start)} onChange={(e) => setTime('start', e.target.value)} />
        </label>
        <label className={labelClass}>
          To
          <input type="datetime-local" className={inputClass} value={toLocalInput(q.end)} onChange={(e) => setTime('end', e.target.value)} />
        </label>
        {audit.data && <p className="self-end text-sm text-slate-600 dark:text-slate-400" aria-live="polite">{count} changes, newest first</p>}
      </div>
      {audit.isPending && <Loading what="audit entries" />}
      {audit.error && <ErrorBox error={audit.error} />}
      {audit.data?.data.length === 0 && <Empty>No change recorded{filtered ? ' that matches these filters' : ''}.</Empty>}
      {!!audit.data?.data.length && (
        <table className="w-full rounded-lg bg-white text-sm dark:bg-slate-900">
          <caption className="sr-only">Audit entries</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600 dark:text-slate-400">
              {['When', 'Who', 'What', 'Changes'].map((h) => (
                <th key={h} scope="col" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>{audit.data.data.map((e) => <AuditRow key={e.id} entry={e} book={book} />)}</tbody>
        </table>
      )}
      {count > AUDIT_PAGE && (
        <div className="flex items-center gap-2 text-sm">
          <Button disabled={q.page === 0} onClick={() => set('page', String(q.page - 1))}>Newer</Button>
          <span>Page {q.page + 1} of {Math.ceil(count / AUDIT_PAGE)}</span>
          <Button disabled={!audit.data?.pagination.next} onClick={() => set('page', String(q.page + 1))}>Older</Button>
        </div>
      )}
    </div>
  );
}

const MAX_FIELDS = 12;

function AuditRow({ entry: e, book }: { entry: AuditEntryItem; book: NameBook }) {
  const changes = readableDiff(e.before, e.after, book);
  return (
    <tr className="border-b border-slate-100 align-top dark:border-slate-800">
      <td className="px-3 py-1.5 whitespace-nowrap">
        <time dateTime={new Date(e.time * 1000).toISOString()}>{localTime(e.time)}</time>
      </td>
      <td className="px-3 py-1.5">{book.users?.get(e.user_id) ?? e.user_email}</td>
      <td className="px-3 py-1.5">
        {actionVerb(e.action)} {describeItem(e, book)}
      </td>
      <td className="px-3 py-1.5">
        {changes.length === 0 ? (
          '–'
        ) : (
          <ul className="space-y-0.5 text-xs">
            {changes.slice(0, MAX_FIELDS).map((c) => (
              <li key={c.field} className="break-words">
                <span className="font-medium">{c.label}</span>: {c.before !== '–' && <del className="text-red-800 dark:text-red-300">{c.before}</del>}
                {c.before !== '–' && c.after !== '–' && ' → '}
                {c.after !== '–' && <ins className="text-green-800 no-underline dark:text-green-300">{c.after}</ins>}
              </li>
            ))}
            {changes.length > MAX_FIELDS && <li>and {changes.length - MAX_FIELDS} more fields</li>}
          </ul>
        )}
      </td>
    </tr>
  );
}
