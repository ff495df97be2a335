import { z } from 'zod';
import { intParam } from './params';

/** The collectors' period: every frequency must be a whole number of it (and of a minute). */
export const COLLECT_PERIOD_SECONDS = 60;
export const DEFAULT_POLL_FREQUENCY = 300;
export const DEFAULT_POLL_FILE_TYPE = 'nagios';

/** GET/PUT /servers/{id}/polled_data_config/ as the API answers it. */
export const polledDataConfig = z.object({
  server_id: z.number().int(),
  file_path: z.string(),
  file_type: z.string(),
  file_contents: z.string(),
  frequency: z.number().int(),
  url: z.string(),
});
export type PolledDataConfig = z.infer<typeof polledDataConfig>;

/** A POSIX path from the root, or a Windows one from a drive letter (collectors run on both). */
export function isAbsolutePath(path: string): boolean {
  return /^\//.test(path) || /^[A-Za-z]:[\\/]/.test(path);
}

const stepMessage = `frequency must be a multiple of ${COLLECT_PERIOD_SECONDS} seconds (the collect period)`;

/** PUT: file_path and file_contents required; frequency optional, reset to 300 when omitted. */
export const polledDataConfigInput = z.object({
  file_path: z
    .string({ error: 'file_path must be text' })
    .min(1, { error: 'file_path must not be empty' })
    .max(4096, { error: 'file_path must be at most 4096 characters' })
    .refine((p) => !p.includes('\0'), { error: 'file_path must not contain NUL' })
    .refine(isAbsolutePath, { error: 'file_path must be an absolute path' }),
  file_contents: z
    .string({ error: 'file_contents must be text' })
    .max(1_000_000, { error: 'file_contents must be at most 1000000 characters' }),
  frequency: intParam('frequency', { min: COLLECT_PERIOD_SECONDS, max: 86_400 })
    .refine((f) => f % 60 === 0 && f % COLLECT_PERIOD_SECONDS === 0, { error: stepMessage })
    .default(DEFAULT_POLL_FREQUENCY),
});
export type PolledDataConfigInput = z.infer<typeof polledDataConfigInput>;
