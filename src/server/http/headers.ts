import type { FastifyInstance } from 'fastify';

/**
 * The dashboard's Content-Security-Policy: scripts only from files of this origin (no inline script),
 * never framed. Inline styles stay allowed: React and the charts set style attributes, and the alert
 * message shown in the sandboxed srcdoc iframe (which inherits this policy) carries its own styles.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Hashed build output (Vite names them by content): cacheable for a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Headers on every answer: `nosniff` everywhere; on HTML, the dashboard's CSP unless the route set
 * its own (the alert message view has a stricter one) and no caching of the shell.
 */
export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', DASHBOARD_CSP);
      reply.header('X-Frame-Options', 'DENY');
      reply.header('Referrer-Policy', 'same-origin');
    }
    if (req.url.startsWith('/api')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

/** Cache-Control of a dashboard file: hashed assets forever, everything else revalidated. */
export function staticCacheControl(filePath: string): string {
  if (/[\\/]assets[\\/]/.test(filePath)) return IMMUTABLE;
  return 'no-cache';
}
