import type Database from 'better-sqlite3';

/** One schema step of a module; versions count up from 1 within the module. */
export interface Migration {
  version: number;
  /** SQL run in the step's transaction (before `run`, when both are given). */
  sql?: string;
  /** A step that must read the schema to write it (e.g. rebuilding tables), in the same transaction. */
  run?: (db: Database.Database) => void;
  /**
   * Rebuilding a table that others reference needs foreign keys off (they cannot be switched inside
   * a transaction); the step then ends with a foreign_key_check that rolls it back on any violation.
   */
  foreignKeysOff?: boolean;
}

/** A module's ordered schema history (core, telemetry, alerting, ...), applied independently. */
export interface SchemaModule {
  name: string;
  migrations: Migration[];
}

/**
 * Applies what is missing of each module's history, each step in its own transaction, and records
 * it in schema_migrations. Modules keep separate version counters so they can evolve independently.
 * BEGIN IMMEDIATE makes a second process that opens the same file at the same moment wait, then
 * find the step applied.
 */
export function migrate(db: Database.Database, modules: SchemaModule[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    module TEXT NOT NULL, version INTEGER NOT NULL, applied_at INTEGER NOT NULL,
    PRIMARY KEY (module, version))`);
  const applied = db.prepare<[string, number], { n: number }>('SELECT COUNT(*) AS n FROM schema_migrations WHERE module = ? AND version = ?');
  const record = db.prepare('INSERT INTO schema_migrations (module, version, applied_at) VALUES (?, ?, ?)');
  for (const mod of modules) {
    for (const m of [...mod.migrations].sort((a, b) => a.version - b.version)) {
      if (applied.get(mod.name, m.version)!.n > 0) continue;
      if (m.foreignKeysOff) db.pragma('foreign_keys = OFF');
      try {
        db.transaction(() => {
          if (applied.get(mod.name, m.version)!.n > 0) return; // another process applied it meanwhile
          if (m.sql) db.exec(m.sql);
          m.run?.(db);
          if (m.foreignKeysOff) {
            const broken = db.pragma('foreign_key_check') as unknown[];
            if (broken.length) throw new Error(`migration ${mod.name} v${m.version}: ${broken.length} foreign key violations`);
          }
          record.run(mod.name, m.version, Math.floor(Date.now() / 1000));
        }).immediate();
      } finally {
        if (m.foreignKeysOff) db.pragma('foreign_keys = ON');
      }
    }
  }
}

/**
 * Rebuilds a table so that its `id INTEGER PRIMARY KEY` becomes AUTOINCREMENT: ids are then never
 * handed out again after a delete (plain rowids reuse the highest one). Columns, indexes and rows
 * stay as they are; sqlite_sequence starts at the highest id present.
 */
export function makeIdsAutoincrement(db: Database.Database, table: string): void {
  const def = db.prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
  if (!def) throw new Error(`no table ${table}`);
  if (/AUTOINCREMENT/i.test(def.sql)) return;
  const tmp = `${table}__rebuild`;
  const created = def.sql
    .replace(new RegExp(`^CREATE TABLE\\s+"?${table}"?`), `CREATE TABLE ${tmp}`)
    .replace(/\bid INTEGER PRIMARY KEY\b/, 'id INTEGER PRIMARY KEY AUTOINCREMENT');
  if (!/AUTOINCREMENT/.test(created)) throw new Error(`${table} has no "id INTEGER PRIMARY KEY"`);
  const indexes = db
    .prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ? AND sql IS NOT NULL")
    .all(table);
  db.exec(created);
  db.exec(`INSERT INTO ${tmp} SELECT * FROM "${table}"`);
  db.exec(`DROP TABLE "${table}"`);
  db.exec(`ALTER TABLE ${tmp} RENAME TO "${table}"`);
  for (const i of indexes) db.exec(i.sql);
}
