import "server-only";
import type { ServerEvent, ServerEventBus } from "@modelcontextprotocol/server";
import { MAX_LISTENS_PER_CREDENTIAL } from "./bounds";
import { watchListChanges, type ListName } from "./list-stream";

/**
 * `subscriptions/listen` for a modern client: the SDK's listen router
 * (`createMcpHandler`) answers the request with its stream, acknowledges
 * the lists the client asked for that the gateway announces (tools,
 * prompts, resources; no resource subscriptions), and writes what a bus
 * publishes. The bus here publishes the gateway's list changes, as the
 * GET stream of a 2025 session tells them (list-stream.ts): heard on
 * every instance, compared list by list. It watches while the stream is
 * open. A credential keeps at most MAX_LISTENS_PER_CREDENTIAL open on an
 * instance; a stream of a deleted gateway is closed.
 */

const EVENT: Record<ListName, ServerEvent> = {
  tools: { kind: "tools_list_changed" },
  prompts: { kind: "prompts_list_changed" },
  resources: { kind: "resources_list_changed" },
};

const open = new Map<string, number>();

/** Whether the credential (its lane) may open one more stream on this instance. */
export const mayListen = (laneId: string) => (open.get(laneId) ?? 0) < MAX_LISTENS_PER_CREDENTIAL;

/**
 * The bus of one listen stream of `laneId` on `gatewayId`; `gone` is called
 * when the gateway is deleted meanwhile (the stream is then closed).
 */
export function listChangesBus(gatewayId: string, laneId: string, gone: () => void): ServerEventBus {
  const listeners = new Set<(event: ServerEvent) => void>();
  const publish = (event: ServerEvent) => {
    for (const listener of listeners) listener(event);
  };
  return {
    publish,
    subscribe(listener) {
      listeners.add(listener);
      open.set(laneId, (open.get(laneId) ?? 0) + 1);
      let live = true;
      let stop: (() => void) | undefined;
      watchListChanges(gatewayId, (list) => publish(EVENT[list]), gone).then(
        (unwatch) => (live ? (stop = unwatch) : unwatch()),
        () => gone(),
      );
      return () => {
        if (!live) return;
        live = false;
        listeners.delete(listener);
        stop?.();
        const left = (open.get(laneId) ?? 1) - 1;
        if (left > 0) open.set(laneId, left);
        else open.delete(laneId);
      };
    },
  };
}

/** The listen stream's answer, which `close()` ends (the router then lets go of its bus). */
export function closable(res: Response): { res: Response; close: () => void } {
  if (!res.body) return { res, close: () => {} };
  const reader = res.body.getReader();
  let controller: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    void reader.cancel().catch(() => {});
    try {
      controller.close();
    } catch {
      // The client went away first.
    }
  };
  const body = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    async pull(c) {
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (closed) return;
      if (done) {
        closed = true;
        c.close();
      } else c.enqueue(value);
    },
    cancel: (reason) => {
      closed = true;
      void reader.cancel(reason).catch(() => {});
    },
  });
  return { res: new Response(body, { status: res.status, headers: res.headers }), close };
}
