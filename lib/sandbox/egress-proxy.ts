import fs from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Duplex } from "node:stream";
import { log } from "../log";
import { OutboundError } from "../net/errors";
import { assertUrlAllowed, defaultOutboundPolicy, describeNetworkError, guardedLookupFor } from "../net/guarded-fetch";
import { alive } from "./cgroup";
import { connectTarget, egressRefusal, forwardTarget, type EgressRule, type EgressTarget } from "./egress-admission";

/** A tunnel or forwarded request with no byte either way for this long is closed. */
const IDLE_MS = 60_000;
/** The wait for a request's head from the sandbox, and for a host to accept a connection. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Headers about one hop of a connection, not for the host: never passed on (Proxy-Authorization least of all). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-authorization", "proxy-authenticate", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"]);

/** A proxy's folder in the temporary folder: `mcp-egress-<console's pid>-<random>`, so a killed console's can be told. */
const FOLDER = /^mcp-egress-(\d+)-/;

/** The file name of the proxy's Unix socket in its folder: the folder is what the sandbox is shown. */
export const EGRESS_SOCKET = "proxy.sock";

export type EgressStats = { admitted: number; refused: number; open: number };

export type EgressProxy = {
  /** The folder holding the proxy's Unix socket, shown read-only to the sandbox. */
  socketDir: string;
  /** Connections let through and refused so far, and those open now. */
  stats: EgressStats;
  close(): Promise<void>;
};

function writeStatus(socket: Duplex, status: number, reason: string) {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const statusOf = (error: OutboundError) => (error.kind === "refused" ? 403 : error.kind === "timeout" ? 504 : 502);

function passedHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/**
 * One sandbox's egress proxy, in the console's process, on a Unix socket of its own (so whatever
 * reaches it is that sandbox): HTTP CONNECT for TLS, and plain HTTP requests in absolute form. It
 * admits only the hosts of the server's `egress` list (lib/sandbox/egress-admission.ts), then
 * connects under the console's outbound policy, the guarded fetch's own checks: an address written
 * out is judged before connecting, a name where it resolves, on the address the socket connects to.
 * A refusal answers 403 with its reason; each is counted and logged with its target, never a path
 * or a header. At most `maxConnections` are open at once, and each closes after a minute idle.
 */
export async function openEgressProxy(sandbox: string, rules: readonly EgressRule[], maxConnections: number): Promise<EgressProxy> {
  const socketDir = await fs.mkdtemp(path.join(os.tmpdir(), `mcp-egress-${process.pid}-`));
  const stats: EgressStats = { admitted: 0, refused: 0, open: 0 };
  const upstreams = new Set<Duplex>();

  /** Why a target cannot be reached now, counted and logged; undefined when it may be tried. */
  const refusal = (target: EgressTarget): string | undefined => {
    const reason =
      egressRefusal(rules, target) ??
      (stats.open >= maxConnections ? `This server already has ${maxConnections} connections open through its egress proxy, the most it may.` : null);
    if (reason) refused(target, reason);
    return reason ?? undefined;
  };
  const refused = (target: EgressTarget, reason: string) => {
    stats.refused++;
    log.warn("sandbox egress refused", { sandbox, target: `${target.host}:${target.port}`, reason });
  };
  /** Connection failures in the guarded fetch's words; a refusal by the outbound policy is counted as one. */
  const failure = (error: unknown, target: EgressTarget): OutboundError => {
    const described = describeNetworkError(error, new URL(`http://${target.host}:${target.port}`));
    if (described.kind === "refused") refused(target, described.message);
    return described;
  };
  const track = (socket: Duplex) => {
    stats.open++;
    upstreams.add(socket);
    socket.once("close", () => {
      stats.open--;
      upstreams.delete(socket);
    });
  };

  /** A TCP connection to an admitted target, under the outbound policy of the moment (local mode or not). */
  const dial = async (target: EgressTarget): Promise<net.Socket> => {
    const policy = defaultOutboundPolicy();
    assertUrlAllowed(new URL(`http://${target.host}:${target.port}`), policy);
    return new Promise((resolve, reject) => {
      const host = target.host.startsWith("[") ? target.host.slice(1, -1) : target.host;
      const socket = net.connect({ host, port: target.port, lookup: guardedLookupFor(policy), timeout: CONNECT_TIMEOUT_MS });
      track(socket);
      socket.on("timeout", () => socket.destroy(socket.connecting ? new OutboundError("timeout", `${target.host}:${target.port} did not answer in time.`) : undefined));
      socket.once("error", reject);
      socket.once("connect", () => {
        socket.setTimeout(IDLE_MS);
        stats.admitted++;
        resolve(socket);
      });
    });
  };

  // The head's timeout is checked every connectionsCheckingInterval (30 s by default): checked often, it holds near its value.
  const server = http.createServer({ headersTimeout: CONNECT_TIMEOUT_MS, requestTimeout: 0, connectionsCheckingInterval: 1000 });
  server.setTimeout(IDLE_MS);
  // Keep-alive sockets from the sandbox beside its open connections; beyond that, new ones are dropped.
  server.maxConnections = maxConnections * 2;
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
    writeStatus(socket, 400, "The proxy could not read the request.");
  });

  server.on("connect", (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    client.on("error", () => client.destroy());
    const target = connectTarget(req.url ?? "");
    if (!target) return writeStatus(client, 400, "CONNECT takes a host and a port (host:443).");
    const refusedNow = refusal(target);
    if (refusedNow) return writeStatus(client, 403, refusedNow);
    dial(target).then(
      (upstream) => {
        // The sandbox may have given up while the host was being reached.
        if (client.destroyed) return upstream.destroy();
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        if (head.length > 0) upstream.write(head);
        const close = () => {
          client.destroy();
          upstream.destroy();
        };
        upstream.on("error", close).on("close", close);
        client.on("close", close);
        client.pipe(upstream).pipe(client);
      },
      (error: unknown) => {
        const described = failure(error, target);
        if (!client.destroyed) writeStatus(client, statusOf(described), described.message);
      },
    );
  });

  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const reply = (status: number, reason: string) => {
      res.writeHead(status, { "content-type": "text/plain; charset=utf-8", connection: "close" }).end(`${reason}\n`);
    };
    const parsed = forwardTarget(req.url ?? "");
    if ("problem" in parsed) return reply(400, parsed.problem);
    const { url, target } = parsed;
    const refusedNow = refusal(target);
    if (refusedNow) return reply(403, refusedNow);
    const policy = defaultOutboundPolicy();
    try {
      assertUrlAllowed(url, policy);
    } catch (error) {
      const described = failure(error, target);
      return reply(statusOf(described), described.message);
    }
    const upstream = http.request({
      host: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname,
      port: target.port,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      // The Host is the admitted one: another name would reach another site served at the same address.
      headers: { ...passedHeaders(req.headers), host: url.host },
      lookup: guardedLookupFor(policy),
      agent: false,
      timeout: CONNECT_TIMEOUT_MS,
    });
    upstream.on("socket", (socket) => {
      track(socket);
      socket.once("connect", () => {
        stats.admitted++;
        upstream.setTimeout(IDLE_MS);
      });
    });
    upstream.on("timeout", () => upstream.destroy(new OutboundError("timeout", `${url.host} did not answer in time.`)));
    upstream.on("response", (answer) => {
      answer.on("error", () => res.destroy());
      res.writeHead(answer.statusCode ?? 502, passedHeaders(answer.headers));
      answer.pipe(res);
    });
    upstream.on("error", (error) => {
      if (res.headersSent) return res.destroy();
      const described = failure(error, target);
      reply(statusOf(described), described.message);
    });
    // Either side going away ends the other: nothing is left open for the idle timeout to find.
    req.on("error", () => upstream.destroy());
    res.on("error", () => upstream.destroy()).on("close", () => upstream.destroy());
    req.pipe(upstream);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path.join(socketDir, EGRESS_SOCKET), resolve);
  });

  return {
    socketDir,
    stats,
    async close() {
      for (const socket of upstreams) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await fs.rm(socketDir, { recursive: true, force: true });
    },
  };
}

/** Removes the proxy folders of console processes that are gone: one killed outright cannot remove its own. */
export async function sweepStaleEgressFolders(): Promise<void> {
  for (const name of await fs.readdir(os.tmpdir())) {
    const owner = FOLDER.exec(name)?.[1];
    if (owner && !alive(Number(owner))) await fs.rm(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}
