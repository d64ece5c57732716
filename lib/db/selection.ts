import type { Column } from "drizzle-orm";

/** The row a `select(columns)` returns for a map of columns: nullable columns may be null. */
export type SelectedRow<T extends Record<string, Column>> = {
  [K in keyof T]: T[K]["_"]["notNull"] extends true ? T[K]["_"]["data"] : T[K]["_"]["data"] | null;
};
