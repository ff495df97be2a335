import { TextField } from '../../components/ui/field';
import type { FieldErrors } from '../../components/forms/schema-errors';

/**
 * How a Server Tag alert counts its servers: one incident per breaching server (per_server, fixed once
 * created), or one incident for the tag once "Number of servers" of them breach at the same time.
 */
export function TagScopeFields({
  perServer,
  numOfServers,
  creating,
  errors,
  onPerServer,
  onNumOfServers,
}: {
  perServer: boolean;
  numOfServers: string;
  creating: boolean;
  errors: FieldErrors;
  onPerServer: (v: boolean) => void;
  onNumOfServers: (v: string) => void;
}) {
  return (
    <fieldset className="space-y-2 rounded border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">Servers of the tag</legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" checked={perServer} disabled={!creating} onChange={(e) => onPerServer(e.target.checked)} aria-describedby="per-server-hint" />
        <span>
          One incident per server
          <span id="per-server-hint" className="block text-xs text-slate-600 dark:text-slate-400">
            Each server of the tag that breaches gets its own incident, notifications and callbacks, named after it, and resolves on its own: one rule
            instead of a copy per server. Adds the Disk trigger. Fixed once the alert is created.
          </span>
        </span>
      </label>
      {errors.per_server && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.per_server}
        </p>
      )}
      {!perServer && (
        <TextField
          label="Number of servers"
          inputMode="numeric"
          value={numOfServers}
          onChange={(e) => onNumOfServers(e.target.value)}
          error={errors.num_of_servers}
          hint="One incident for the whole tag, opened when at least this many of its servers breach at the same time (servers in maintenance do not count)."
        />
      )}
    </fieldset>
  );
}
