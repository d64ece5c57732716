import "server-only";
import { randomUUID } from "node:crypto";
import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { env } from "../env";
import { McpFailure } from "../mcp/errors";
import { planOf } from "../plans/holder";
import { processSingleton } from "../process-singleton";
import { findUser } from "../users/service";
import { workbenchPool } from "./pool";
import { ProcessRefusal, processTable, type ProcessCaps, type ProcessTable, type Run } from "../sandbox/process-table";
import type { WorkbenchSession } from "./session";

/**
 * The life cycle of stored stdio servers' processes in this instance. A
 * stdio server is one MCP session over one process, so each (owner, server)
 * has at most one: the workbench pool's connection under the owner's key,
 * which the workbench, checks, discovery, scans and every gateway client go
 * through (lib/upstream/call.ts). It starts on first use, stops after the
 * pool's idle time, counts against the owner's plan and the instance's cap,
 * and after a failure waits out a backoff before the next use starts it.
 */

async function capsOf(uid: string): Promise<ProcessCaps> {
  const user = await findUser(uid);
  if (!user) throw new McpFailure("unreachable", "The server's owner is gone.");
  const plan = planOf(user);
  return { perUser: plan.maxStdioProcesses, planLabel: plan.label, perInstance: env().stdioMaxProcesses };
}

/** The pool's key for a server's process is `uid:serverId:` (lane keys carry more after it); the table's is `uid:serverId`. */
function stopIdle(table: ProcessTable, uid?: string): string | undefined {
  const closed = workbenchPool().closeIdle(
    (key) => key.endsWith(":") && table.isLive(key.slice(0, -1)) && (uid === undefined || key.startsWith(`${uid}:`)),
  );
  return closed?.slice(0, -1);
}

/** A start of (uid, key) the caps and the backoff admit, stopping an idle process to make room; else an McpFailure that says why. */
async function admitted(table: ProcessTable, uid: string, key: string): Promise<Run> {
  const caps = await capsOf(uid);
  try {
    return table.admit(uid, key, caps, (only) => stopIdle(table, only));
  } catch (err) {
    // A refusal fails the use as a server that cannot be reached does: the workbench, a check and a gateway all say why.
    throw err instanceof ProcessRefusal ? new McpFailure("unreachable", err.message) : err;
  }
}

/**
 * Starts the process of (uid, serverId) with `open`, when the caps and the
 * backoff allow it (else an McpFailure that says which and what to do), and
 * follows it until it ends.
 */
export async function startProcess(uid: string, serverId: string, open: () => Promise<WorkbenchSession>): Promise<WorkbenchSession> {
  const table = processTable();
  const run = await admitted(table, uid, serverId);
  let session: WorkbenchSession;
  try {
    session = await open();
  } catch (err) {
    // A server that fails its start (exits at once, never answers) waits out the backoff too; an env that does not open is no fault of the server.
    table.ended(run, err instanceof Error ? err.message : String(err), err instanceof McpFailure);
    throw err;
  }
  table.started(run);
  void session.connection.exited?.then((exit) => table.ended(run, exit.reason, exit.kind !== "stopped"));
  watch(session);
  return session;
}

/**
 * Runs `work` (a "Test connection" of a package: a process of its own, for
 * a moment) under the same caps as stored servers' processes, so that
 * testing cannot start more sandboxes than the owner's plan and the
 * instance allow.
 */
export async function underStdioCaps<T>(uid: string, work: () => Promise<T>): Promise<T> {
  const table = processTable();
  const run = await admitted(table, uid, `test-connection-${randomUUID()}`);
  try {
    return await work();
  } finally {
    table.ended(run, "The test ended.", false);
    table.forget(run);
  }
}

/** How often a running process is asked whether it still answers, and how long it has to answer (tests shorten both). */
export function watchdog(): { everyMs: number; timeoutMs: number } {
  return processSingleton("stdio-watchdog", () => ({ everyMs: 30_000, timeoutMs: 10_000 }));
}

/**
 * Asks the process, every so often, whether it still answers (a ping; the
 * 2026-07-28 revision's server/discover), and stops one that does not. A
 * server busy with a long tool call still answers a ping between its
 * messages; one that does not is stuck (a loop, a deadlock, a stopped
 * process), and every use of it would wait out its own timeout.
 */
function watch(session: WorkbenchSession): void {
  const { connection } = session;
  const { everyMs, timeoutMs } = watchdog();
  let asking = false;
  const timer = setInterval(() => {
    if (asking) return;
    asking = true;
    const options = { timeout: timeoutMs };
    const asked = connection.client.getProtocolEra() === "modern" ? connection.client.discover(options) : connection.client.ping(options);
    asked.then(
      () => (asking = false),
      (err: unknown) => {
        asking = false;
        if (err instanceof SdkError && err.code === SdkErrorCode.RequestTimeout) {
          void connection.halt?.(`The server stopped answering (no answer to a ping within ${timeoutMs / 1000} s) and was stopped.`);
        }
      },
    );
  }, everyMs);
  timer.unref();
  void connection.exited?.finally(() => clearInterval(timer));
}
