import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * An empty database on the PostgreSQL server of `adminUrl`, named from
 * `prefix`, for tests and benchmarks whose own processes open it; `drop`
 * removes it, cutting whatever is still connected.
 */
export async function createPostgresDatabase(adminUrl, prefix) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}
