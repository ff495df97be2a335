import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

const manifestSchema = z.record(z.string(), z.object({ file: z.string(), isEntry: z.boolean().optional(), imports: z.array(z.string()).optional(), css: z.array(z.string()).optional() }));

/** Gzipped bytes of a file (level 9, as a static server would pre-compress). */
export const gzipSize = (buf: Buffer | Uint8Array) => gzipSync(buf, { level: 9 }).length;

/**
 * The JavaScript a browser loads for the first page after sign-in, read from Vite's manifest: the
 * entry and the fleet page chunk with everything they import statically (dynamic imports load later).
 */
export function firstPageJs(outDir: string, page = 'src/web/pages/servers/fleet-page.tsx') {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')));
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry || !manifest[page]) throw new Error(`manifest lacks the entry or ${page}`);
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k]!.imports ?? []) visit(i);
  };
  visit(entry);
  visit(page);
  const files = [...seen].map((k) => {
    const buf = readFileSync(join(outDir, manifest[k]!.file));
    return { file: manifest[k]!.file, raw: buf.length, gzip: gzipSize(buf) };
  });
  const css = [...new Set([...seen].flatMap((k) => manifest[k]!.css ?? []))].map((f) => gzipSize(readFileSync(join(outDir, f))));
  return { files: files.sort((a, b) => b.gzip - a.gzip), gzip: files.reduce((s, f) => s + f.gzip, 0), cssGzip: css.reduce((s, n) => s + n, 0) };
}
