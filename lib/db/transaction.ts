import type { Db } from "./database";

/** What a transaction's callback is handed: queries made on it run inside that transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
