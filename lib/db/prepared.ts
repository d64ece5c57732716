import type { Db } from "./database";

/**
 * A statement of the workbench call's path, prepared once per database
 * handle: Drizzle builds its SQL once rather than on every call, and on
 * PostgreSQL each pooled connection parses and plans it once (a named
 * statement). `name` must be unique in the app: PostgreSQL refuses one name
 * for two texts.
 */
export function prepared<T>(name: string, prepare: (database: Db, name: string) => T): (database: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (database) => {
    let statement = byDatabase.get(database);
    if (!statement) {
      statement = prepare(database, name);
      byDatabase.set(database, statement);
    }
    return statement;
  };
}
