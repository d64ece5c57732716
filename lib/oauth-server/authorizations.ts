import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { gateways, oauthAuthorizations, oauthClients, oauthGrants } from "../db/schema";
import { badRequest, notFound } from "../http/errors";
import { isUuid } from "../guards";
import { hashToken } from "../tokens/secret";
import { clientLabel } from "./clients";
import { grantFor } from "./grants";
import { issuer, slugOfResource } from "./issuer";

/**
 * An authorization request between the client's redirect to the console and
 * the person's answer on the consent page (/gateways/authorize/{id}). The
 * request waits ten minutes; the person's answer claims it once, and an
 * allowed one gets a code that the client exchanges within a minute.
 */

export const REQUEST_TTL_MS = 10 * 60 * 1000;
const CODE_TTL_MS = 60 * 1000;

export interface PendingRequest {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state?: string;
  resource?: string;
  scopes: string[];
}

export async function saveRequest(request: PendingRequest): Promise<string> {
  const [row] = await (await db())
    .insert(oauthAuthorizations)
    .values({
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      state: request.state ?? null,
      resource: request.resource ?? null,
      scopes: request.scopes.join(" "),
      expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
    })
    .returning({ id: oauthAuthorizations.id });
  return row.id;
}

/** What the consent page shows. */
export interface ConsentRequest {
  id: string;
  clientName: string;
  clientId: string;
  /** Where the browser goes after the answer: the one thing a person can check of an unknown client. */
  redirectHost: string;
  /**
   * Who chose the app's name: the app itself, either way, so the page marks it unverified. A registered
   * client (RFC 7591) gave it when it registered; a metadata document's is published at the host of its
   * client ID (an https URL the console read), which is the one thing known of who wrote it.
   */
  namedBy: { kind: "registration" } | { kind: "metadata_document"; host: string };
  /** The gateway the client named, when it named one of this person's; null when it named none. */
  gateway: { id: string; name: string } | null;
  /** Why the person cannot allow it, in words. */
  problem: string | null;
  /** False when the request names another person's gateway: it is theirs to answer. */
  answerable: boolean;
  /** The person's gateways, to choose from when the client named none. */
  choices: { id: string; name: string }[];
}

async function openRequest(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await (await db())
    .select({ request: oauthAuthorizations, metadata: oauthClients.metadata, kind: oauthClients.kind })
    .from(oauthAuthorizations)
    .innerJoin(oauthClients, eq(oauthClients.clientId, oauthAuthorizations.clientId))
    .where(and(eq(oauthAuthorizations.id, id), isNull(oauthAuthorizations.userUid), gt(oauthAuthorizations.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** The request for the consent page, or null when it is unknown, answered or expired. */
export async function consentRequest(user: { uid: string }, id: string): Promise<ConsentRequest | null> {
  const row = await openRequest(id);
  if (!row) return null;
  const { request, metadata, kind } = row;
  const owned = await (await db())
    .select({ id: gateways.id, name: gateways.name, slug: gateways.slug })
    .from(gateways)
    .where(eq(gateways.ownerUid, user.uid))
    .orderBy(asc(gateways.name));
  let gateway: ConsentRequest["gateway"] = null;
  let problem: string | null = null;
  let answerable = true;
  if (request.resource) {
    const slug = slugOfResource(request.resource);
    const named = owned.find((g) => g.slug === slug);
    if (named) gateway = { id: named.id, name: named.name };
    else {
      problem = `The app asks for ${request.resource}, which is not one of your gateways: sign in with the account that owns it.`;
      answerable = false;
    }
  } else if (owned.length === 0) {
    problem = "You have no gateway yet: create one, then connect the app again.";
  }
  return {
    id: request.id,
    clientName: clientLabel({ client_id: request.clientId, client_name: metadata.client_name as string | undefined }),
    clientId: request.clientId,
    redirectHost: new URL(request.redirectUri).host || request.redirectUri,
    namedBy: kind === "metadata_document" ? { kind, host: new URL(request.clientId).host } : { kind: "registration" },
    gateway,
    problem,
    answerable,
    choices: request.resource ? [] : owned.map(({ id, name }) => ({ id, name })),
  };
}

/** The redirect that carries the answer back to the client (RFC 6749 §4.1.2, with RFC 9207's `iss`). */
function answerUrl(redirectUri: string, state: string | null, params: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  if (state) url.searchParams.set("state", state);
  url.searchParams.set("iss", issuer());
  return url.toString();
}

export type Decision = { allow: false } | { allow: true; gatewayId?: string };

/**
 * The person's answer: claims the request once (a second answer, from
 * another tab or person, finds it taken) and returns where to send the
 * browser: the client's redirect URI with a code, or with access_denied.
 */
export async function decide(user: { uid: string }, id: string, decision: Decision, origin: { req?: Request; ip?: string }): Promise<{ redirectTo: string }> {
  const consent = await consentRequest(user, id);
  if (!consent) throw notFound("This sign-in request has expired or was already answered: start again from the app.");
  if (!consent.answerable) throw notFound("This sign-in request is for another account's gateway.");
  const d = await db();
  const claim = (set: Partial<typeof oauthAuthorizations.$inferInsert>) =>
    d
      .update(oauthAuthorizations)
      .set({ userUid: user.uid, ...set })
      .where(and(eq(oauthAuthorizations.id, id), isNull(oauthAuthorizations.userUid)))
      .returning({ redirectUri: oauthAuthorizations.redirectUri, state: oauthAuthorizations.state });

  if (!decision.allow) {
    const [row] = await claim({});
    if (!row) throw notFound("This sign-in request was already answered.");
    return { redirectTo: answerUrl(row.redirectUri, row.state, { error: "access_denied", error_description: "The person denied the request." }) };
  }
  if (consent.problem) throw badRequest(consent.problem);
  const gateway = consent.gateway ?? consent.choices.find((g) => g.id === decision.gatewayId);
  if (!gateway) throw badRequest("Choose one of your gateways for this app.");

  const firstTime = (await d.select({ id: oauthGrants.id }).from(oauthGrants).where(and(eq(oauthGrants.userUid, user.uid), eq(oauthGrants.clientId, consent.clientId))).limit(1)).length === 0;
  const grant = await grantFor(user.uid, consent.clientId, gateway.id);
  const code = randomBytes(32).toString("base64url");
  const [row] = await claim({ gatewayId: gateway.id, grantId: grant.id, codeHash: hashToken(code), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
  if (!row) throw notFound("This sign-in request was already answered.");

  const [client] = await d.select({ kind: oauthClients.kind }).from(oauthClients).where(eq(oauthClients.clientId, consent.clientId)).limit(1);
  const meta = { clientId: consent.clientId, app: consent.clientName, redirectHost: consent.redirectHost };
  if (firstTime) {
    await record({
      userUid: user.uid,
      action: "oauth.client_registered",
      summary: `${consent.clientName} asked to connect (${client?.kind === "metadata_document" ? "client metadata document" : "dynamic registration"})`,
      target: { type: "gateway", id: gateway.id },
      metadata: { ...meta, registration: client?.kind ?? "registered" },
      req: origin.req,
      ip: origin.ip,
    });
  }
  if (grant.created) {
    await record({
      userUid: user.uid,
      action: "oauth.grant_created",
      summary: `Allowed ${consent.clientName} to use ${gateway.name}`,
      target: { type: "gateway", id: gateway.id },
      metadata: meta,
      req: origin.req,
      ip: origin.ip,
    });
  }
  return { redirectTo: answerUrl(row.redirectUri, row.state, { code }) };
}
