import "server-only";
import { findOutboundError, type OutboundErrorKind } from "../net/errors";
import { guardedFetch } from "../net/guarded-fetch";

export const WEBHOOK_TIMEOUT_MS = 10_000;

export type PostResult =
  | { delivered: true; status: number; durationMs: number }
  | { delivered: false; status: number | null; durationMs: number; error: string; kind?: OutboundErrorKind };

/**
 * Posts one body to a webhook through the guarded fetch (the address policy
 * applies: a webhook cannot reach the service's own network). Redirects are
 * not followed: a delivery goes where it was configured. Never throws for
 * the remote side's failures; the result says what happened.
 */
export async function postWebhook(url: string, body: string, headers: Record<string, string>): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await guardedFetch(url, { method: "POST", body, headers, redirect: "manual" }, { timeoutMs: WEBHOOK_TIMEOUT_MS, maxResponseBytes: 64 * 1024 });
    await res.body?.cancel().catch(() => {});
    if (res.status >= 200 && res.status < 300) return { delivered: true, status: res.status, durationMs: elapsed() };
    return { delivered: false, status: res.status, durationMs: elapsed(), error: `The endpoint answered ${res.status}${res.statusText ? ` ${res.statusText}` : ""}.` };
  } catch (err) {
    const outbound = findOutboundError(err);
    if (!outbound) throw err;
    return { delivered: false, status: null, durationMs: elapsed(), error: outbound.message, kind: outbound.kind };
  }
}
