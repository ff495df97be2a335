// The shape of one documented endpoint: each route declares one beside its handler (http/route.ts)
// and openapi.ts turns the declarations collected from the registered routes into the document.
import type { z } from 'zod';

/** One documented endpoint; `path` is written as it is registered (`/logs/:id`), without the prefix. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  tag: string;
  summary: string;
  /** Longer prose: rules and side effects the summary cannot carry. */
  description?: string;
  /** Query parameters (GET, DELETE) or form/JSON body fields (POST, PUT): the schema the handler parses with. */
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
  /** Only where the one made from method and path would clash (an alias path); unique in the document. */
  operationId?: string;
  /** Served without Basic authentication. */
  public?: boolean;
  /**
   * A peer protocol's own endpoint (Prometheus, OTLP, Alertmanager, /metrics): documented at its full
   * path outside /api, with the media types it reads and answers and how it signs in.
   */
  peer?: PeerProtocol;
}

export interface PeerProtocol {
  /** Media types of the request body (POST). */
  accepts?: string[];
  /** Media type of the success body; none for an empty one. */
  answers?: string;
  /** `ingest`: an ingest token (Bearer) or Basic; `network`: no sign-in, allowed networks only. */
  auth: 'ingest' | 'network';
}

export type JsonSchema = Record<string, unknown>;
