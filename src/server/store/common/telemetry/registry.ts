// What both stores' registries tell collectors.

/** Seconds between batches that collectors are asked to keep. */
export const COLLECT_PERIOD = 60;
