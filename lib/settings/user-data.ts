import "server-only";
import { and, asc, eq, getTableColumns, gt, inArray, is, or, sql, type SQL } from "drizzle-orm";
import { getTableConfig, PgTable, type PgColumn } from "drizzle-orm/pg-core";
import { maskedFromHint } from "../crypto/mask";
import { db } from "../db";
import * as schema from "../db/schema";

/**
 * Which rows of each table belong to a user, derived from the schema itself so
 * that a table added later is covered too: a user column, a server or ticket
 * of the user, the user's contact email. A test fails for a table no rule
 * covers.
 */

interface Owner {
  uid: string;
  email: string;
  emailVerified: boolean;
}

const ownServers = (uid: string) => sql`(select ${schema.servers.id} from ${schema.servers} where ${schema.servers.ownerUid} = ${uid})`;
const ownGateways = (uid: string) => sql`(select ${schema.gateways.id} from ${schema.gateways} where ${schema.gateways.ownerUid} = ${uid})`;
const ownGatewaySessions = (uid: string) =>
  sql`(select ${schema.gatewaySessions.id} from ${schema.gatewaySessions} where ${schema.gatewaySessions.gatewayId} in ${ownGateways(uid)})`;
const ownGrants = (uid: string) => sql`(select ${schema.oauthGrants.id} from ${schema.oauthGrants} where ${schema.oauthGrants.userUid} = ${uid})`;
const ownTickets = (uid: string) =>
  sql`(select ${schema.supportTickets.id} from ${schema.supportTickets} where ${schema.supportTickets.userUid} = ${uid})`;

/**
 * The condition that selects `owner`'s rows of `table`, by its columns' names.
 * `authored` adds rows the owner wrote in other people's records (an
 * administrator's answers): theirs to export, but not theirs to delete.
 */
export function ownedRows(table: PgTable, owner: Owner, { authored = true } = {}): SQL | null {
  const { name } = getTableConfig(table);
  const parts: SQL[] = [];
  for (const column of Object.values(getTableColumns(table)) as PgColumn[]) {
    switch (column.name) {
      case "uid":
        if (name === "users") parts.push(eq(column, owner.uid));
        break;
      case "user_uid":
      case "owner_uid":
        parts.push(eq(column, owner.uid));
        break;
      case "author_uid":
        if (authored) parts.push(eq(column, owner.uid));
        break;
      case "server_id":
        parts.push(inArray(column, ownServers(owner.uid)));
        break;
      case "gateway_id":
        parts.push(inArray(column, ownGateways(owner.uid)));
        break;
      case "session_id":
        if (name === "gateway_relay") parts.push(inArray(column, ownGatewaySessions(owner.uid)));
        break;
      case "ticket_id":
        parts.push(inArray(column, ownTickets(owner.uid)));
        break;
      case "grant_id":
        parts.push(inArray(column, ownGrants(owner.uid)));
        break;
      case "sender_uid":
        parts.push(eq(column, owner.uid));
        break;
      case "email":
        // Anyone can type any address into the contact form, so a message that
        // only names the owner's (verified) address may be someone else's: it
        // is exported without its sender's network details (see
        // forOwner) and stays when the account is deleted.
        if (name === "contact_messages" && owner.emailVerified && authored) parts.push(sql`lower(${column}) = lower(${owner.email})`);
        break;
      case "key":
        // Rate-limit counters are keyed "<scope>:<uid>".
        if (name === "rate_limits") parts.push(sql`position(${owner.uid} in ${column}) > 0`);
        break;
    }
  }
  return parts.length ? or(...parts)! : null;
}

/**
 * Tables that hold nobody's personal data, so that no rule above covers
 * them: an OAuth client's registration belongs to the app that registered
 * it (its name, where it sends people back), and other people may have
 * allowed it too. A person's grants to it are theirs, and go with them.
 */
export const SHARED_TABLES: readonly string[] = ["oauth_clients"];

/** Every table of the schema, by its SQL name. */
export function schemaTables(): { name: string; table: PgTable }[] {
  return (Object.values(schema) as unknown[])
    .filter((v): v is PgTable => is(v, PgTable))
    .map((table) => ({ name: getTableConfig(table).name, table }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A contact message the owner did not send while signed in loses the sender's IP and user agent. */
function forOwner(tableName: string, row: Record<string, unknown>, owner: Owner): Record<string, unknown> {
  if (tableName !== "contact_messages" || row.senderUid === owner.uid) return row;
  const rest = { ...row };
  delete rest.ip;
  delete rest.userAgent;
  return rest;
}

/**
 * Columns computed from a secret, by table: left out of the export whole. A
 * token's hash is what a request's token is checked against, so a copy of it
 * lets anyone test guesses offline and ties the export to a live credential;
 * the owner needs neither. (Encrypted columns are masked below instead.)
 * tests/integration/export-user-data.test.ts fails for a column whose name
 * looks secret that no rule covers.
 */
export const SECRET_DERIVED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  api_tokens: ["token_hash"],
  server_oauth: ["state_hash"],
  oauth_authorizations: ["code_hash"],
  oauth_clients: ["secret_hash"],
  oauth_refresh_tokens: ["token_hash"],
};

/** The row without its table's secret-derived columns (`SECRET_DERIVED_COLUMNS`, by SQL name). */
function withoutSecretDerived(table: PgTable, tableName: string, row: Record<string, unknown>): Record<string, unknown> {
  const omitted = SECRET_DERIVED_COLUMNS[tableName];
  if (!omitted) return row;
  const rest = { ...row };
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    if (omitted.includes(column.name)) delete rest[key];
  }
  return rest;
}

/**
 * Encrypted columns (`xEnc`) are never decrypted: the export shows `x`
 * masked, with its stored hint when there is one.
 */
export function maskSecrets(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (!key.endsWith("Enc")) {
      out[key] = value;
      continue;
    }
    const base = key.slice(0, -3);
    const hint = typeof row[`${base}Hint`] === "string" ? (row[`${base}Hint`] as string) : "";
    out[base] = value === null ? null : maskedFromHint(hint);
  }
  return out;
}

const PAGE = 1000;

/** The owner's rows of one table, a page at a time (keyset on `id` where the table has one). */
async function* tableRows(table: PgTable, owner: Owner): AsyncGenerator<Record<string, unknown>[]> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const where = ownedRows(table, owner);
  if (!where) return;
  const d = await db();
  if (!columns.id) {
    yield (await d.select().from(table).where(where)) as Record<string, unknown>[];
    return;
  }
  let after: string | null = null;
  for (;;) {
    const rows = (await d
      .select()
      .from(table)
      .where(after ? and(where, gt(columns.id, after)) : where)
      .orderBy(asc(columns.id))
      .limit(PAGE)) as Record<string, unknown>[];
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].id as string;
  }
}

/**
 * "Export all my data": one JSON document with every row of the user in
 * every table, streamed table by table and page by page.
 */
export function userDataStream(owner: Owner, now = new Date()): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<string> {
    yield `{\n"format": "mcp-console-user-data/1",\n"exportedAt": ${JSON.stringify(now.toISOString())},\n"uid": ${JSON.stringify(owner.uid)},\n"tables": {`;
    let firstTable = true;
    for (const { name, table } of schemaTables()) {
      yield `${firstTable ? "" : ","}\n${JSON.stringify(name)}: [`;
      firstTable = false;
      let firstRow = true;
      for await (const rows of tableRows(table, owner)) {
        yield (firstRow ? "\n" : ",\n") + rows.map((r) => JSON.stringify(maskSecrets(withoutSecretDerived(table, name, forOwner(name, r, owner))))).join(",\n");
        firstRow = false;
      }
      yield "]";
    }
    yield "\n}\n}\n";
  }
  const source = chunks();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await source.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (err) {
          controller.error(err);
        }
      },
      async cancel() {
        await source.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
