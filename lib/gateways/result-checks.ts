import "server-only";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { db } from "../db";
import { activityEvents, gateways } from "../db/schema";
import { assertOwnsServer } from "../servers/service";
import { RESULT_ACTIONS, RESULT_FINDING_KINDS, type ResultCheckDto, type ResultFindingDto, type ServerResultFindingDto } from "./schema";

/**
 * The result guard's audit events (`gateway.result_flagged`, written by the
 * gateway's endpoint with lib/gateways/results/verdict.ts) read back for the
 * console: beside each call of a gateway's live log, and on the Security tab
 * of the server whose call returned them. They hold each finding's rule and
 * place, never the text found, and so does what is read here.
 */

const FLAGGED = "gateway.result_flagged";
const VERDICTS: ResultCheckDto["verdict"][] = ["blocked", "redacted", "flagged", "unchecked"];

const oneOf = <T extends string>(list: readonly T[], value: unknown, otherwise: T): T => (list.includes(value as T) ? (value as T) : otherwise);
const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

function findingOf(raw: unknown): ResultFindingDto {
  const f = (raw ?? {}) as Record<string, unknown>;
  return {
    kind: oneOf(RESULT_FINDING_KINDS, f.kind, "secrets"),
    ruleId: String(f.ruleId ?? ""),
    what: String(f.what ?? ""),
    pointer: String(f.pointer ?? ""),
    start: count(f.start),
    end: count(f.end),
    action: oneOf(RESULT_ACTIONS, f.action, "flag"),
  };
}

/** An event's metadata as the console shows it: the listed fields only (its hashes stay in the audit). */
export function resultCheckOf(metadata: Record<string, unknown>): ResultCheckDto {
  const findings = Array.isArray(metadata.findings) ? metadata.findings.map(findingOf) : [];
  return {
    verdict: oneOf(VERDICTS, metadata.guard, "flagged"),
    unchecked: typeof metadata.unchecked === "string" ? metadata.unchecked : null,
    findingCount: Math.max(count(metadata.findingCount), findings.length),
    findings,
  };
}

/**
 * The guard's events of these calls of a gateway, by call id. The calls'
 * ownership is the caller's to check (their ids come from the owner's
 * gateway); the owner is in the filter all the same. A result's event is
 * written just after its call's, so none is older than the oldest call.
 */
export async function resultChecksOf(uid: string, gatewayId: string, calls: { id: string; at: Date }[]): Promise<Map<string, ResultCheckDto>> {
  if (calls.length === 0) return new Map();
  const oldest = new Date(Math.min(...calls.map((c) => c.at.getTime())));
  const rows = await (await db())
    .select({ metadata: activityEvents.metadata })
    .from(activityEvents)
    .where(
      and(
        eq(activityEvents.userUid, uid),
        eq(activityEvents.targetType, "gateway"),
        eq(activityEvents.targetId, gatewayId),
        eq(activityEvents.action, FLAGGED),
        gte(activityEvents.createdAt, oldest),
        inArray(
          sql`${activityEvents.metadata}->>'callId'`,
          calls.map((c) => c.id),
        ),
      ),
    );
  return new Map(rows.map((r) => [String(r.metadata.callId), resultCheckOf(r.metadata)]));
}

/** The latest findings in what the server's calls returned through the owner's gateways, newest first. */
export async function serverResultFindings(uid: string, serverId: string, limit: number): Promise<ServerResultFindingDto[]> {
  await assertOwnsServer(uid, serverId);
  const rows = await (await db())
    .select({
      id: activityEvents.id,
      at: activityEvents.createdAt,
      gatewayId: activityEvents.targetId,
      gateway: gateways.name,
      metadata: activityEvents.metadata,
    })
    .from(activityEvents)
    // A deleted gateway's events stay in the audit; its name goes with it.
    .leftJoin(gateways, and(sql`${gateways.id}::text = ${activityEvents.targetId}`, eq(gateways.ownerUid, uid)))
    .where(and(eq(activityEvents.userUid, uid), eq(activityEvents.action, FLAGGED), sql`${activityEvents.metadata}->>'serverId' = ${serverId}`))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    gatewayId: r.gatewayId ?? "",
    gateway: r.gateway,
    method: String(r.metadata.method ?? ""),
    item: String(r.metadata.item ?? ""),
    check: resultCheckOf(r.metadata),
  }));
}
