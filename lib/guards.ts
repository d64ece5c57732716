/** Checks for values whose shape is not known in advance: JSON answers, MCP results, URL parameters. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else names no row (and must not reach the database's uuid cast). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
