import "server-only";
import type { Client } from "@modelcontextprotocol/client";

/**
 * The 2026-07-28 revision's channel for what a server says between
 * requests: one `subscriptions/listen` request held open, its filter naming
 * the list changes and the resources to hear about (it replaces 2025's GET
 * stream and resources/subscribe). The SDK hands each notification on it to
 * the client's notification handlers, the ones 2025's unsolicited
 * notifications reach, so the session hears both revisions alike. A new
 * filter is a new stream: it is opened before the old one is closed, so
 * that no update falls between the two (the page is told of a repeat once,
 * lib/workbench/events.ts).
 */

type Subscription = Awaited<ReturnType<Client["listen"]>>;

/** How long the server has to acknowledge a stream. */
const ACK_TIMEOUT_MS = 10_000;

export class Listener {
  private current: Subscription | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly client: Client,
    private readonly capabilities: Record<string, unknown>,
    /** The server ended the stream: what it says between requests no longer arrives. */
    private readonly onLost: () => void,
  ) {}

  /** Listens for the server's list changes and for updates of `uris`; resolves with the URIs the server took. */
  follow(uris: string[]): Promise<string[]> {
    // One change at a time: each stream replaces the one before it.
    const next = this.queue.then(() => this.reopen(uris));
    this.queue = next.catch(() => {});
    return next;
  }

  close(): Promise<void> {
    const closing = this.queue.then(async () => {
      const current = this.current;
      this.current = undefined;
      await current?.close();
    });
    this.queue = closing.catch(() => {});
    return closing;
  }

  private async reopen(uris: string[]): Promise<string[]> {
    const filter = this.filterFor(uris);
    const previous = this.current;
    const next = Object.keys(filter).length > 0 ? await this.client.listen(filter, { timeout: ACK_TIMEOUT_MS }) : undefined;
    this.current = next;
    void next?.closed.then((cause) => {
      if (cause !== "local" && this.current === next) this.onLost();
    });
    await previous?.close();
    return next?.honoredFilter.resourceSubscriptions ?? [];
  }

  /** What the server offers to tell of, as its capabilities declare. */
  private filterFor(uris: string[]) {
    const { tools, prompts, resources } = this.capabilities as Record<"tools" | "prompts" | "resources", { listChanged?: boolean; subscribe?: boolean } | undefined>;
    return {
      ...(tools?.listChanged ? { toolsListChanged: true } : {}),
      ...(prompts?.listChanged ? { promptsListChanged: true } : {}),
      ...(resources?.listChanged ? { resourcesListChanged: true } : {}),
      ...(resources?.subscribe && uris.length > 0 ? { resourceSubscriptions: uris } : {}),
    };
  }
}
