import { z } from 'zod';

/** The one error shape of the API: {"error": {"status", "message", "field"?}}. */
export const errorBody = z.object({
  error: z.object({
    status: z.number().int(),
    message: z.string(),
    field: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
