import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors';

const COLORS = ['#2563eb', '#059669', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#4b5563'];

/** A generic silhouette whose colour follows the id: it reveals nothing about the profile. */
export function avatarSvg(id: number): string {
  const color = COLORS[id % COLORS.length]!;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="avatar">' +
    `<rect width="64" height="64" rx="32" fill="${color}"/>` +
    '<circle cx="32" cy="25" r="11" fill="#fff"/><path d="M12 54c2-11 10-17 20-17s18 6 20 17z" fill="#fff"/></svg>'
  );
}

/**
 * GET /avatars/{id}.svg, the avatar_url of user profiles. Public like the dashboard's assets, since
 * an <img> cannot send Basic credentials; the picture carries no tenant data.
 */
export function avatarRoutes(app: FastifyInstance) {
  app.get('/avatars/:file', async (req, reply) => {
    const m = /^(\d{1,15})\.svg$/.exec((req.params as { file: string }).file);
    if (!m) throw new ApiError(404, 'not found');
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(avatarSvg(Number(m[1])));
  });
}
