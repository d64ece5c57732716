import type { Column, SQL } from "drizzle-orm";

/** The row a `select(columns)` returns for a map of columns (or typed SQL expressions): nullable columns may be null. */
export type SelectedRow<T extends Record<string, Column | SQL>> = {
  [K in keyof T]: T[K] extends SQL<infer U> ? U : T[K] extends Column ? (T[K]["_"]["notNull"] extends true ? T[K]["_"]["data"] : T[K]["_"]["data"] | null) : never;
};
