import type { FastifyRequest } from 'fastify';
import type { Page, Paged, PagingQuery } from '../../shared/paging';
import { API_PREFIX } from '../../shared/paths';

/**
 * Wraps one page of items in the envelope. Links are /api/v5 paths that keep every other query
 * parameter of the request, with `page` moved; null where there is no such page.
 */
export function envelope<T>(req: FastifyRequest, paging: PagingQuery, page: Page<T>): Paged<T> {
  const last = Math.max(0, Math.ceil(page.total / paging.limit) - 1);
  const link = (p: number) => pageLink(req, p);
  return {
    pagination: {
      count: page.total,
      next: paging.page < last ? link(paging.page + 1) : null,
      previous: paging.page > 0 ? link(Math.min(paging.page - 1, last)) : null,
    },
    data: page.items,
  };
}

function pageLink(req: FastifyRequest, page: number): string {
  const url = new URL(req.url, 'http://x');
  const path = url.pathname.replace(/^\/api(\/v5)?/, API_PREFIX);
  url.searchParams.set('page', String(page));
  return `${path}?${url.searchParams.toString()}`;
}

/** Slices an in-memory list into a page (for lists that are computed rather than stored). */
export function slice<T>(items: T[], paging: PagingQuery): Page<T> {
  const start = paging.page * paging.limit;
  return { total: items.length, items: items.slice(start, start + paging.limit) };
}

const CLOSE = Buffer.from(']}');

/**
 * Builds the paged envelope around items that are already JSON (no parse and re-serialise): texts, or
 * the comma-joined items as UTF-8 bytes straight from the store.
 */
export function jsonEnvelope(req: FastifyRequest, paging: { limit: number; page: number }, total: number, items: string[] | Buffer): string | Buffer {
  const { pagination } = envelope(req, paging, { total, items: [] });
  const head = `{"pagination":${JSON.stringify(pagination)},"data":[`;
  return Buffer.isBuffer(items) ? Buffer.concat([Buffer.from(head), items, CLOSE]) : `${head}${items.join(',')}]}`;
}
