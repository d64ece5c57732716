import "server-only";
import { enforce } from "../rate-limit/service";
import { onPooledSession } from "../upstream/call";
import type { CompleteRequest, CompleteResponse } from "./schema";
import { findCallTarget } from "../servers/call-target";

/**
 * `POST /api/servers/{id}/complete`: the server's suggestions for what the
 * person is typing into a prompt argument or a template variable, on the
 * pooled connection. A server that offers no completions has none to give.
 */

/** Typing asks a few times a second at most; this leaves room and stops a runaway script. */
const LIMIT_PER_MINUTE = 600;
const TIMEOUT_MS = 5_000;
/** MCP caps one answer at 100 values. */
const MAX_VALUES = 100;

export async function completeArgument(uid: string, serverId: string, request: CompleteRequest): Promise<CompleteResponse> {
  await enforce(`workbench-complete:${uid}`, LIMIT_PER_MINUTE, 60, "Too many suggestions asked for. Wait a moment.");
  const target = await findCallTarget(uid, serverId);
  return onPooledSession(uid, target, async (session) => {
    const { client, capabilities, requestOptions } = session.connection;
    if (!capabilities.completions) return { values: [] };
    const { completion } = await client.complete(request, { ...requestOptions(), timeout: TIMEOUT_MS, maxTotalTimeout: TIMEOUT_MS });
    return {
      values: completion.values.slice(0, MAX_VALUES),
      ...(completion.total !== undefined ? { total: completion.total } : {}),
      ...(completion.hasMore !== undefined ? { hasMore: completion.hasMore } : {}),
    };
  });
}
