import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies are parsed as Fastify does by default (prototype poisoning refused), except that an
 * empty body means "no parameters": many clients send `Content-Type: application/json` on every
 * request, bodiless DELETEs included.
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
    parse(req, text, done);
  });
}
