// The shape of one documented endpoint: the operation lists (openapi-*.ts) declare these and
// openapi.ts turns them into the document, so neither side imports the other's module.
import type { z } from 'zod';

/** One documented endpoint; `path` is written as it is registered (`/logs/:id`), without the prefix. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  tag: string;
  summary: string;
  /** Longer prose: rules and side effects the summary cannot carry. */
  description?: string;
  /** Query parameters (GET, DELETE) or form/JSON body fields (POST, PUT). */
  params?: z.ZodType;
  /** The body is JSON only (the collector protocol), never a form. */
  jsonOnly?: boolean;
  /** The success body; with `paged`, the item of a paged envelope. */
  response?: z.ZodType;
  paged?: boolean;
  /** JSON Schema of fields the zod schema cannot express (transformed values), merged over the derived one. */
  fields?: Record<string, JsonSchema>;
  /** The success body is an HTML page rather than JSON. */
  html?: boolean;
  /** Success status when not 200 (creates answer 201). */
  status?: number;
  /** Served without Basic authentication. */
  public?: boolean;
}

export type JsonSchema = Record<string, unknown>;
