import type { FastifyInstance } from 'fastify';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../shared/json-depth';
import { badRequest } from './errors';

/**
 * JSON bodies are parsed as Fastify does by default (prototype poisoning refused), except that an
 * empty body means "no parameters": many clients send `Content-Type: application/json` on every
 * request, bodiless DELETEs included. A body nested deeper than MAX_JSON_DEPTH is refused before it
 * is parsed: validating, copying or auditing such a value recurses once per level.
 */
export function acceptEmptyJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonTooDeep(text)) {
      done(badRequest(`the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parse(req, text, done);
  });
}
