import type { CollectorConfig } from '../../shared/ingest';
import { tailFile } from './file-tail';
import { fileLineSeverity, type LogBuffer } from './log-buffer';
import { listenSyslog, syslogLevel, syslogText } from './syslog';
import { parseTransactionLine } from './transaction-file';

type LogConfig = CollectorConfig['logs'][number];

interface Source {
  signature: string;
  close(): Promise<void>;
  /** Completed reads of a tailed file (see FileTail.checks). */
  checks?: () => number;
}

/**
 * Starts and stops the FILE tails and SYSLOG listeners the config asks for, and the AFURL/AFSQL
 * transaction files while transactions are on and enabled; EVENTLOG is Windows-only.
 */
export class LogSources {
  private readonly sources = new Map<number, Source>();
  private readonly limits = new Map<number, number>();

  constructor(
    private readonly buffer: LogBuffer,
    private readonly opts: { syslogHost?: string; pollMs?: number; log?: (msg: string) => void } = {},
  ) {}

  /** Reconciles the running sources with the config's logs. */
  async apply(logs: LogConfig[], transactions = false): Promise<void> {
    const kinds = new Set<string>(['FILE', 'SYSLOG', ...(transactions ? ['AFURL', 'AFSQL'] : [])]);
    const wanted = new Map(logs.filter((l) => kinds.has(l.source_type)).map((l) => [l.id, l]));
    for (const l of logs) this.limits.set(l.id, l.limit);
    for (const [id, s] of this.sources) {
      const w = wanted.get(id);
      if (!w || `${w.source_type}:${w.source}` !== s.signature) {
        this.sources.delete(id);
        await s.close();
      }
    }
    for (const [id, l] of wanted) {
      if (this.sources.has(id)) continue;
      const s = await this.start(l);
      if (s) this.sources.set(id, s);
    }
  }

  private add(id: number, severity: 'info' | 'warning' | 'critical', text: string) {
    this.buffer.add(id, this.limits.get(id) ?? 0, severity, text);
  }

  private async start(l: LogConfig): Promise<Source | null> {
    const signature = `${l.source_type}:${l.source}`;
    if (l.source_type === 'AFURL' || l.source_type === 'AFSQL') {
      const type = l.source_type === 'AFURL' ? 'url' : 'sql';
      const t = tailFile(
        l.source,
        (line) => {
          const m = parseTransactionLine(type, line);
          if (m) this.buffer.addTransaction(l.id, this.limits.get(l.id) ?? 0, m);
        },
        { pollMs: this.opts.pollMs },
      );
      return { signature, close: () => t.close(), checks: t.checks };
    }
    if (l.source_type === 'FILE') {
      const t = tailFile(l.source, (line) => this.add(l.id, fileLineSeverity(line), line), { pollMs: this.opts.pollMs });
      return { signature, close: () => t.close(), checks: t.checks };
    }
    const port = Number(l.source);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      this.opts.log?.(`log ${l.id}: SYSLOG source "${l.source}" is not a port`);
      return null;
    }
    try {
      const s = await listenSyslog(port, (m) => this.add(l.id, syslogLevel(m.severity), syslogText(m)), this.opts.syslogHost);
      return { signature, close: () => s.close() };
    } catch (err) {
      this.opts.log?.(`log ${l.id}: cannot listen on UDP ${port}: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }

  /** How many times the file of log `id` has been checked (0 for other sources): tests wait on it. */
  checks(id: number): number {
    return this.sources.get(id)?.checks?.() ?? 0;
  }

  async close(): Promise<void> {
    const all = [...this.sources.values()];
    this.sources.clear();
    await Promise.all(all.map((s) => s.close()));
  }
}
