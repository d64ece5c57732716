import "server-only";
import type { GatewayView } from "../view";
import { cachedView, watchViews } from "../view-cache";

/**
 * The GET stream of a gateway session (and, through listen.ts, a modern
 * client's `subscriptions/listen`): `notifications/*_list_changed` when
 * what the agent is served changed (a server's definitions, an approval, a
 * finding, a server down or back, the owner's edit), compared list by list
 * so that a change that leaves a list as it was says nothing. Any instance
 * can hold it: changes are heard on every instance (lib/gateways/view-cache.ts).
 */

const KEEP_ALIVE_MS = 25_000;
const SETTLE_MS = 200;

type Lists = Record<"tools" | "prompts" | "resources", string>;

function signature(view: GatewayView): Lists {
  const of = (items: Iterable<{ exposedName: string; hash: string }>) => [...items].map((i) => `${i.exposedName} ${i.hash}`).join("\n");
  return { tools: of(view.tools.values()), prompts: of(view.prompts.values()), resources: `${of(view.resources.values())}\n--\n${of(view.templates)}` };
}

const NOTIFICATION: Record<keyof Lists, string> = {
  tools: "notifications/tools/list_changed",
  prompts: "notifications/prompts/list_changed",
  resources: "notifications/resources/list_changed",
};

export type ListName = keyof Lists;

/**
 * Hears the gateway's lists change until the returned function is called:
 * `changed` gets each list whose items (names and definitions) differ from
 * what they were, once the changes heard settled. A gateway deleted stops
 * it, and `gone` hears that.
 */
export async function watchListChanges(gatewayId: string, changed: (list: ListName) => void, gone: () => void): Promise<() => void> {
  const first = await cachedView(gatewayId);
  let last = first ? signature(first.view) : null;
  let stopped = false;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let unwatch = () => {};
  const stop = () => {
    stopped = true;
    unwatch();
    clearTimeout(pending);
  };
  const compare = async () => {
    pending = undefined;
    const current = await cachedView(gatewayId).catch(() => undefined);
    if (current === undefined || stopped) return;
    if (current === null) {
      stop();
      return gone();
    }
    const now = signature(current.view);
    for (const list of Object.keys(NOTIFICATION) as ListName[]) if (last?.[list] !== now[list]) changed(list);
    last = now;
  };
  unwatch = await watchViews((what) => {
    if (what !== gatewayId && !what.startsWith("server:")) return;
    pending ??= setTimeout(() => void compare(), SETTLE_MS);
  });
  return stop;
}

export async function openListStream(gatewayId: string, signal: AbortSignal): Promise<Response> {
  const encoder = new TextEncoder();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const unwatch = await watchListChanges(
        gatewayId,
        (list) => write(`event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", method: NOTIFICATION[list] })}\n\n`),
        () => cleanup(),
      );
      const keepAlive = setInterval(() => write(": keep-alive\n\n"), KEEP_ALIVE_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        unwatch();
        clearInterval(keepAlive);
        signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      signal.addEventListener("abort", cleanup, { once: true });
      write(": stream open\n\n");
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" },
  });
}
