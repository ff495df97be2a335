import type { CollectorConfig, PolledResult } from '../../shared/ingest';
import { parseCommandFile, runCommand } from './nagios';

type PolledConfig = CollectorConfig['polled_data'];

/** Runs the commands of the polled-data config on its frequency; results wait for the next batch. */
export class PolledRunner {
  private results: PolledResult[] = [];
  private timer: NodeJS.Timeout | null = null;
  private current = '';
  private running: Promise<void> | null = null;

  constructor(
    private readonly opts: { timeoutMs?: number; log?: (msg: string) => void } = {},
  ) {}

  /** Applies a (possibly changed) config: a new command file or frequency restarts the schedule at once. */
  apply(cfg: PolledConfig): void {
    const signature = cfg ? `${cfg.frequency}\n${cfg.file_contents}` : '';
    if (signature === this.current) return;
    this.current = signature;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!cfg) return;
    const { commands, errors } = parseCommandFile(cfg.file_contents);
    for (const e of errors) this.opts.log?.(`polled data ${cfg.file_path}: ${e}`);
    if (!commands.length) return;
    const run = () => {
      // A slow round is not overlapped by the next one: that one is skipped.
      if (this.running) return;
      this.running = Promise.all(commands.map((c) => runCommand(c, this.opts.timeoutMs)))
        .then((r) => void this.results.push(...r))
        .finally(() => {
          this.running = null;
        });
    };
    run();
    this.timer = setInterval(run, Math.max(1, cfg.frequency) * 1000);
  }

  /** Waits for a round in progress (tests and shutdown). */
  async settle(): Promise<void> {
    await this.running;
  }

  /** Takes the results gathered since the last batch (at most the protocol's 1,000). */
  drain(): PolledResult[] {
    const out = this.results.slice(-1000);
    this.results = [];
    return out;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.current = '';
    await this.running;
  }
}
