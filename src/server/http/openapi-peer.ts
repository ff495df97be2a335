import type { Operation } from './openapi-operation';

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/** `/api/v1/label/:name/values` as OpenAPI writes it: `{name}`, no trailing slash added. */
export const peerPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * The OpenAPI operation object of a peer protocol's endpoint: its bodies are the protocol's own
 * (protobuf, Prometheus text, OTLP JSON), described by media type and prose rather than a schema.
 */
export function peerOperationObject(op: Operation) {
  const peer = op.peer!;
  const pathParams = [...op.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1]!, in: 'path', required: true, schema: { type: 'string' } }));
  const success = peer.answers ? { description: 'Success', content: { [peer.answers]: { schema: peer.answers.includes('json') ? { type: 'object' } : { type: 'string' } } } } : { description: 'Success (no body)' };
  const responses: Record<string, unknown> = { [String(op.status ?? 200)]: success, '400': { description: 'A malformed body or parameter', content: errorContent } };
  if (peer.auth === 'ingest') responses['401'] = { description: 'Missing or wrong credentials', content: errorContent };
  else responses['403'] = { description: 'Not from a network METRICS_ALLOW_NETS allows', content: errorContent };
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: op.operationId ?? `${op.method.toLowerCase()}${op.path.replace(/[:/_.-]+(\w)/g, (_m, c: string) => c.toUpperCase())}`,
    security: peer.auth === 'ingest' ? [{ ingestToken: [] }, { basic: [] }] : [],
    ...(pathParams.length ? { parameters: pathParams } : {}),
    ...(peer.accepts ? { requestBody: { required: true, content: Object.fromEntries(peer.accepts.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) } } : {}),
    responses,
  };
}
