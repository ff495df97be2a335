/** One outcome of applying the demo configuration; skipped steps name the endpoint that was missing. */
export interface ConfigStep {
  step: string;
  ok: boolean;
  detail?: string;
}
