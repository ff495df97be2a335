import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Where `npm run build` puts the service (outside dist/, which the service serves as the dashboard). */
export const SERVER_OUT = 'dist-server';

/**
 * Bundles the service (src/server/main.ts and what it imports of ours) into `outDir`/main.mjs, with
 * packages left to node_modules, and copies PostgreSQL's migrations beside it, where
 * store/postgres/migrate.ts looks (next to its module). Node starts it in about half the time it takes
 * through tsx's loader, which compiles and resolves each of our few hundred modules apart.
 */
export async function buildServer(outDir: string = SERVER_OUT): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  const outfile = join(outDir, 'main.mjs');
  await build({
    entryPoints: ['src/server/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync('src/server/store/postgres/migrations', join(outDir, 'migrations'), { recursive: true });
  return outfile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`built ${await buildServer(process.argv[2])}`);
}
