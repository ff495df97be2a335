import type Database from 'better-sqlite3';

/** One schema step of a module; versions count up from 1 within the module. */
export interface Migration {
  version: number;
  sql: string;
}

/** A module's ordered schema history (core, telemetry, alerting, ...), applied independently. */
export interface SchemaModule {
  name: string;
  migrations: Migration[];
}

/**
 * Applies what is missing of each module's history, each step in its own transaction, and records
 * it in schema_migrations. Modules keep separate version counters so they can evolve independently.
 */
export function migrate(db: Database.Database, modules: SchemaModule[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    module TEXT NOT NULL, version INTEGER NOT NULL, applied_at INTEGER NOT NULL,
    PRIMARY KEY (module, version))`);
  const applied = db.prepare<[string], { v: number | null }>(
    'SELECT MAX(version) AS v FROM schema_migrations WHERE module = ?',
  );
  const record = db.prepare('INSERT INTO schema_migrations (module, version, applied_at) VALUES (?, ?, ?)');
  for (const mod of modules) {
    const current = applied.get(mod.name)?.v ?? 0;
    for (const m of [...mod.migrations].sort((a, b) => a.version - b.version)) {
      if (m.version <= current) continue;
      db.transaction(() => {
        db.exec(m.sql);
        record.run(mod.name, m.version, Math.floor(Date.now() / 1000));
      })();
    }
  }
}
