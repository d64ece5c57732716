/** @jest-environment node */
import { DrizzleQueryError } from "drizzle-orm/errors";
import { DatabaseUnavailableError, isDatabaseUnreachable } from "@/lib/db/database";

/** What a route answers 503 `unavailable` (the database is away) rather than 500. */

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
const queryError = (cause: unknown) => new DrizzleQueryError("select 1", [], cause as Error);
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "FATAL" });

describe("isDatabaseUnreachable", () => {
  it("recognises a database that is down, restarting or gone mid-query", () => {
    expect(isDatabaseUnreachable(socketError("ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnreachable(queryError(socketError("ECONNRESET")))).toBe(true);
    expect(isDatabaseUnreachable(queryError(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(isDatabaseUnreachable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnreachable(queryError(pgError("57P01", "terminating connection due to administrator command")))).toBe(true);
    expect(isDatabaseUnreachable(pgError("57P03", "the database system is starting up"))).toBe(true);
    expect(isDatabaseUnreachable(new DatabaseUnavailableError("closed"))).toBe(true);
  });

  it("leaves a refused query, and an outgoing call's network failure, to be what they are", () => {
    expect(isDatabaseUnreachable(queryError(pgError("23505", "duplicate key value violates unique constraint")))).toBe(false);
    expect(isDatabaseUnreachable(new TypeError("fetch failed", { cause: socketError("ECONNRESET") }))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});
