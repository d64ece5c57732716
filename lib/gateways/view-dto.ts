import "server-only";
import { notFound } from "../http/errors";
import type { GatewayViewDto, ViewItemDto } from "./schema";
import { log } from "../log";
import { countTokens, TOKENIZER } from "./token-estimate";
import { ownedGateway } from "./owned";
import { cachedView } from "./view-cache";

/** What an agent connected to the gateway sees, and what it does not and why: the gateway page's main table. */
export async function gatewayViewOf(uid: string, id: string): Promise<GatewayViewDto> {
  await ownedGateway(uid, id);
  const current = await cachedView(id);
  if (!current) throw notFound("No gateway with this id.");
  const { items } = current.view;
  const listed = items.filter((i) => !i.hidden);
  // The estimate is a help, not the answer: the view comes without it when the workers cannot count.
  let tokenizer: string | null = TOKENIZER;
  const tokens = await countTokens(listed.map((i) => JSON.stringify(i.served))).catch((err: unknown) => {
    log.warn("gateway token estimate failed", { err });
    tokenizer = null;
    return listed.map(() => 0);
  });
  const tokensOf = new Map(listed.map((item, n) => [item, tokens[n]]));
  const dtos: ViewItemDto[] = items.map((item) => ({
    kind: item.kind,
    serverId: item.server.serverId,
    serverName: item.server.name,
    key: item.key,
    exposedName: item.exposedName,
    description: typeof item.served.description === "string" ? item.served.description.slice(0, 300) : "",
    hidden: item.hidden,
    tokens: tokensOf.get(item) ?? 0,
  }));
  return {
    items: dtos,
    counts: { listed: listed.length, hidden: items.length - listed.length },
    tokens: tokens.reduce((a, b) => a + b, 0),
    tokenizer,
  };
}
