import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A webhook endpoint on loopback for tests: it keeps every request (headers
 * and raw body) and answers with the next status of `statuses`, then with
 * `fallback` once they are used up.
 */
export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Statuses to answer next, in order. */
  statuses: number[];
  fallback: number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(fallback = 204, path = "/hook"): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, "url" | "close"> = { received: [], statuses: [], fallback };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const status = receiver.statuses.shift() ?? receiver.fallback;
      receiver.received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
