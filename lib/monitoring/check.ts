import "server-only";
import { connectMcp, type McpConnection, type McpLimits, type McpTarget } from "../upstream/connection";
import { listAll } from "../upstream/inventory";
import { toolsHash } from "../mcp/tools-hash";
import { hashDefinitions } from "../mcp/hash-definitions";
import { describeCheckFailure, type CheckFailure } from "./failure";
import type { CheckPhases, CheckResult } from "./schema";
import type { ProtocolPrior } from "../mcp/types";

/**
 * One health check of an MCP server, in the revision it speaks, over the one
 * MCP client (so the address policy and the size limits apply), the whole of
 * it bounded by `timeoutMs`. A 2025 server: start the transport, the
 * initialize handshake, `ping`, `tools/list` (every page), close. A server
 * of the 2026-07-28 revision has no handshake and no ping: one
 * `server/discover` is the check (its answer is the server's identity and
 * capabilities), then `tools/list` for the tools hash, which the change
 * alerts and the inventory refresh are based on (discover does not list
 * tools, and a hash of nothing would hide a rug pull until the next
 * discovery).
 *
 * Latency is "handshake to ping": from the moment the transport starts
 * until the ping's answer arrives, so transport start + initialize + ping.
 * That is what a client waits for before it can use the server; listing
 * the tools is kept out of it (its time grows with the number of tools, not
 * with the server's health) and is reported as its own phase.
 */

export const DEFAULT_CHECK_TIMEOUT_MS = 10_000;

export interface CheckOptions {
  /** Slower than this (latency) is degraded. */
  thresholdMs: number;
  timeoutMs?: number;
  /** Transport limits and address policy (tests); timeouts are derived from `timeoutMs`. */
  limits?: Partial<McpLimits>;
}

export interface CheckOutcome {
  result: CheckResult;
  startedAt: Date;
  latencyMs: number | null;
  phases: CheckPhases;
  /** Why the check failed, or why it is degraded; null for a plain `up`. */
  failure: CheckFailure | null;
  toolCount: number | null;
  /** The tool list's hash (lib/mcp/tools-hash), null when the list could not be read. */
  toolsHash: string | null;
  /** The negotiation's verdict, when a connection was made (lib/upstream/negotiation.ts). */
  prior?: ProtocolPrior;
}

class Deadline extends Error {}

/** Why an answer this slow is degraded; null when it is not. */
export const slowness = (latencyMs: number, thresholdMs: number): CheckFailure | null =>
  latencyMs > thresholdMs ? { kind: "slow", reason: `Slow: the server answered in ${latencyMs} ms, over the ${thresholdMs} ms threshold.` } : null;

const since = (t: number) => Math.round(performance.now() - t);

/** Runs `work` until it settles or `ms` pass, whichever comes first (then throws Deadline). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Deadline()), Math.max(0, ms));
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Checks one server. Never throws for anything the server does: a failure is an outcome. */
export async function performCheck(target: McpTarget, opts: CheckOptions): Promise<CheckOutcome> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const limits: Partial<McpLimits> = { ...opts.limits, connectTimeoutMs: timeoutMs, requestTimeoutMs: timeoutMs, totalTimeoutMs: timeoutMs };
  const startedAt = new Date();
  const t0 = performance.now();
  const phases: CheckPhases = { connectMs: null, initializeMs: null, pingMs: null, listMs: null };
  const outcome = (result: CheckResult, rest: Partial<CheckOutcome>): CheckOutcome => ({
    result,
    startedAt,
    latencyMs: null,
    phases,
    failure: null,
    toolCount: null,
    toolsHash: null,
    ...rest,
  });
  const timedOut = (): CheckFailure => ({
    kind: "timeout",
    reason: `The server did not complete the check within ${Math.round(timeoutMs / 100) / 10} s.`,
  });

  let startedTransport: number | undefined;
  let connection: McpConnection;
  try {
    // A modern verdict is not handed over: the probe that verifies it is the check's one `server/discover`.
    const probed = target.prior?.kind === "modern" ? { ...target, prior: null } : target;
    connection = await connectMcp(probed, limits, {
      serverStream: false,
      onTransportStarted: () => {
        startedTransport = performance.now();
        phases.connectMs = Math.round(startedTransport - t0);
      },
    });
  } catch (err) {
    return outcome("failed", { failure: describeCheckFailure(err, target.url) });
  }
  phases.initializeMs = startedTransport === undefined ? null : since(startedTransport);
  const { prior } = connection;

  try {
    const remaining = () => timeoutMs - (performance.now() - t0);
    if (prior.kind === "legacy") {
      const pingStarted = performance.now();
      try {
        await within(remaining(), connection.client.ping(connection.requestOptions()));
      } catch (err) {
        const failure = err instanceof Deadline ? timedOut() : describeCheckFailure(connection.describe(err), target.url);
        return outcome("failed", { failure, prior });
      }
      phases.pingMs = since(pingStarted);
    }
    const latencyMs = since(t0);
    const slow = slowness(latencyMs, opts.thresholdMs);

    if (!connection.capabilities.tools) {
      return outcome(slow ? "degraded" : "up", { latencyMs, failure: slow, toolCount: 0, toolsHash: toolsHash([]), prior });
    }
    const listStarted = performance.now();
    try {
      const { items } = await within(
        remaining(),
        listAll<Record<string, unknown>>(connection, "tools"),
      );
      phases.listMs = since(listStarted);
      const hashed = await hashDefinitions({ tools: items, resources: [], resourceTemplates: [], prompts: [] });
      return outcome(slow ? "degraded" : "up", { latencyMs, failure: slow, toolCount: items.length, toolsHash: hashed.toolsHash, prior });
    } catch (err) {
      const failure = err instanceof Deadline ? timedOut() : describeCheckFailure(connection.describe(err), target.url);
      const answered = prior.kind === "legacy" ? "answers ping" : "answers server/discover";
      return outcome("degraded", { latencyMs, prior, failure: { kind: failure.kind, reason: `The server ${answered}, but listing its tools failed: ${failure.reason}` } });
    }
  } finally {
    await connection.close();
  }
}
