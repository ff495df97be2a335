import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { newEvents, systemNow, type Config, type Deps } from '../deps';
import { createAccount } from '../services/accounts';
import { openTestStore, type TestSql, type TestStoreOptions } from '../store/test-store';

export interface TestAccount {
  id: number;
  email: string;
  key: string;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // Tests read arbitrary JSON; each assertion says what shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface RequestOptions {
  /** Form fields (sent url-encoded; query string for GET and DELETE). Arrays/objects are JSON-encoded. */
  form?: Record<string, unknown>;
  /** A JSON body instead of a form. */
  json?: unknown;
  /** Credentials; defaults to the harness's main account. `null` sends none. */
  as?: TestAccount | null;
  headers?: Record<string, string>;
}

export interface TestService {
  baseUrl: string;
  app: FastifyInstance;
  deps: Deps;
  /** Plain SQL on the test's store, whichever runs (`?` placeholders). */
  sql: TestSql;
  /** Environment a service process needs to open this same store. */
  storeEnv: Record<string, string>;
  dataDir: string;
  /** The main account and a second one, to check tenant isolation. */
  account: TestAccount;
  other: TestAccount;
  newAccount(email: string): Promise<TestAccount>;
  request(method: string, path: string, opts?: RequestOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

export function encodeForm(form: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) {
    if (v === undefined) continue;
    p.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  return p.toString();
}

export function basicHeader(a: { email: string; key: string }): string {
  return `Basic ${Buffer.from(`${a.email}:${a.key}`).toString('base64')}`;
}

/**
 * Starts the real service on a loopback port over a temporary store (SQLite file, or a fresh
 * PostgreSQL database with STORE=postgres), with two accounts.
 * Nothing is mocked: requests go over HTTP with Basic auth.
 */
export async function startTestService(config: Partial<Config> = {}, now: () => number = systemNow, storeOptions: TestStoreOptions = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mon-test-'));
  const ts = await openTestStore(dataDir, storeOptions);
  const store = ts.store;
  const deps: Deps = { store, config: { dataDir, ...config }, now, events: newEvents() };
  const app = await buildApp(deps);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const newAccount = async (email: string): Promise<TestAccount> => {
    const r = await createAccount(store, email);
    if (!r.ok) throw new Error(r.message);
    const rec = await store.accounts.findByEmail(email);
    return { id: rec!.id, email, key: r.api_key };
  };
  const account = await newAccount('owner@example.com');
  const other = await newAccount('other@example.net');

  async function request(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    const as = opts.as === undefined ? account : opts.as;
    if (as) headers.authorization = basicHeader(as);
    let url = address + path;
    let body: string | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      const encoded = encodeForm(opts.form);
      if (method === 'GET' || method === 'DELETE') url += (url.includes('?') ? '&' : '?') + encoded;
      else {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = encoded;
      }
    }
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }

  return {
    baseUrl: address,
    app,
    deps,
    sql: ts.sql,
    storeEnv: ts.env,
    dataDir,
    account,
    other,
    newAccount,
    request,
    async close() {
      await app.close();
      await ts.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Inserts a server row directly on either store, for suites that need servers without the ingest path. */
export async function seedServerRow(sql: TestSql, accountId: number, fields: { hostname: string; os?: string; guid?: string; lastSeen?: number | null }): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const r = await sql.get<{ id: number }>(
    `INSERT INTO servers (account_id, guid, hostname, os, created, last_seen, capacity_disks, network_interfaces)
     VALUES (?, ?, ?, ?, ?, ?, '{"/": 10000}', '[]') RETURNING id`,
    accountId, fields.guid ?? `guid-${fields.hostname}-${Math.random()}`, fields.hostname, fields.os ?? 'Linux', now, fields.lastSeen ?? null,
  );
  return r!.id;
}
