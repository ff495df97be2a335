import { EventEmitter } from 'node:events';
import type { Store } from './store/store';

/** Run-time settings, read once from the environment by main.ts. */
export interface Config {
  /** Directory with the SQLite file and the demo account file. */
  dataDir: string;
  /** Directory of the built dashboard; served at / when it exists. */
  webDir?: string;
  /** Wrong keys for one e-mail from one address within 5 minutes before 429 (see http/throttle.ts). */
  authMaxFailures?: number;
  /** Wrong keys for one e-mail from all addresses within 5 minutes before 429. */
  authEmailMaxFailures?: number;
  /** How long a throttled wrong attempt is held before its 429, in ms. */
  authPenaltyMs?: number;
  /** Client timeouts in ms (http/timeouts.ts DEFAULT_TIMEOUTS for what is not given). */
  timeouts?: Partial<import('./http/timeouts').Timeouts>;
  /** Largest request body accepted, in bytes. */
  bodyLimit?: number;
  /** The e-mail transport's host key (notifier.ts transportHosts), or none: e-mails are then kept in the store. */
  mailHost?: string | null;
  /**
   * Proxies whose X-Forwarded-For is believed (the client address of the sign-in throttle and of
   * location_ip): a comma-separated list of addresses or CIDRs, or true for any (TRUST_PROXY).
   */
  trustProxy?: boolean | string;
  /** The dashboard's address as people reach it (PUBLIC_URL), for links in e-mails; default http://localhost:8080. */
  publicUrl?: string;
  /** Networks outbound requests (callbacks, channels) may / may never reach beyond the defaults (CALLBACK_ALLOW_NETS / CALLBACK_DENY_NETS). */
  outboundNets?: { allow?: string; deny?: string };
  /** Networks allowed to read /metrics, comma-separated CIDRs (METRICS_ALLOW_NETS); '' turns it off; default loopback. */
  metricsAllowNets?: string;
  /** Newly registered servers get the default alerts (DEFAULT_ALERTS; off unless set). */
  defaultAlerts?: boolean;
  /** Telemetry retention in seconds per resolution (null keeps forever); see services/retention.ts. */
  retention?: Partial<import('./store/repos/telemetry').RetentionPolicy>;
  /** Prometheus remote write: series caps (services/labelled-series.ts) and writes in flight per process before 429. */
  remoteWrite?: Partial<import('./services/labelled-series').SeriesLimits> & { maxInFlight?: number };
}

/** What every route and service is built from; tests build it over a temporary SQLite file. */
export interface Deps {
  store: Store;
  config: Config;
  /** Current time in epoch seconds; the one clock of the service. */
  now: () => number;
  /** In-process events between modules (ingest → alert engine); see events.ts. */
  events: EventEmitter;
}

export function systemNow(): number {
  return Math.floor(Date.now() / 1000);
}

export function newEvents(): EventEmitter {
  const e = new EventEmitter();
  e.setMaxListeners(50);
  return e;
}
