/**
 * Named leases in the store: one holder at a time for singleton jobs (Server Down checks, retention,
 * auto-detection, the demo fleet, the local collector), taken over when the holder stops renewing.
 */
export interface LeaseRepo {
  /** Takes or renews the lease until nowMs + ttlMs; true when `holder` holds it afterwards. */
  acquire(name: string, holder: string, ttlMs: number, nowMs: number): Promise<boolean>;
  /** Gives the lease up if `holder` holds it. */
  release(name: string, holder: string): Promise<void>;
  /** The current holder (null when free or expired). */
  holder(name: string, nowMs: number): Promise<string | null>;
}
