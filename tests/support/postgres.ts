import { createPostgresDatabase as create } from "../../scripts/lib/postgres-database.mjs";

/** An empty database on the PostgreSQL server of `adminUrl`, for tests whose own processes open it; `drop` removes it. */
export const createPostgresDatabase = (adminUrl: string) => create(adminUrl, "mcp_console_test");
