import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH, valueTooDeep } from '../../shared/json-depth';
import { badRequest } from './errors';

/**
 * JSON bodies are parsed as Fastify does by default (prototype poisoning refused), except that an
 * empty body means "no parameters": many clients send `Content-Type: application/json` on every
 * request, bodiless DELETEs included. A body nested deeper than MAX_JSON_DEPTH is refused before any
 * route sees it: validating, copying or auditing such a value recurses once per level. The depth is
 * judged on the parsed value (valueTooDeep), not by a scan of the text before parsing: V8's JSON.parse
 * does not recurse, and on collector batches the text scan cost two thirds of JSON.parse itself.
 */
export function acceptEmptyJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  const tooDeep = () => badRequest(`the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(req, text, (err, value) => {
      if (err) done(err, undefined);
      else if (valueTooDeep(value)) done(tooDeep(), undefined);
      else done(null, value);
    });
  });
}
