import { causeChain, causeCodes } from "../errors/cause-chain";
import { displayUrl, McpFailure, type McpFailureKind } from "../mcp/errors";
import { findOutboundError } from "../net/errors";

/**
 * Why a check failed, as its history shows it. The kinds are the MCP
 * client's (McpFailureKind), made finer where a user acts differently: a TLS
 * failure (fix the certificate) and a connection cut in the middle of an
 * answer (a crashing server or proxy) are told apart from "could not
 * connect". A degraded check that only answered slowly is "slow". A check
 * that could not be made because the server's stored headers do not open
 * under this installation's keys is "encryption_key_mismatch", as the API
 * names that error: the fix is here, not at the server.
 */
export type CheckFailureKind = McpFailureKind | "tls" | "closed" | "slow" | "encryption_key_mismatch";

export interface CheckFailure {
  kind: CheckFailureKind;
  reason: string;
}

const TLS_CODES: Record<string, string> = {
  CERT_HAS_EXPIRED: "its certificate has expired",
  CERT_NOT_YET_VALID: "its certificate is not valid yet",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "its certificate chain includes a self-signed certificate",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its certificate could not be verified",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "its certificate's issuer is not trusted",
  UNABLE_TO_GET_ISSUER_CERT: "its certificate's issuer is not trusted",
  ERR_TLS_CERT_ALTNAME_INVALID: "its certificate is for another name",
  CERT_REVOKED: "its certificate has been revoked",
};

/** The codes (and messages) along an error's cause chain. */
function causes(err: unknown): { codes: string[]; messages: string[] } {
  const messages = [...causeChain(err)].flatMap((e) => (e instanceof Error ? [e.message] : []));
  return { codes: causeCodes(err), messages };
}

function tlsProblem(codes: string[], messages: string[]): string | null {
  for (const code of codes) {
    if (TLS_CODES[code]) return TLS_CODES[code];
    if (code.startsWith("ERR_TLS_") || code.startsWith("ERR_SSL_") || code.includes("CERT")) return `the TLS handshake failed (${code})`;
  }
  if (messages.some((m) => /\b(ssl|tls)\b|wrong version number/i.test(m))) return "the TLS handshake failed";
  return null;
}

/** A connection that was open and then cut: undici's "terminated", a reset or closed socket. */
function cutMidAnswer(codes: string[], messages: string[]): boolean {
  return (
    codes.some((c) => c === "ECONNRESET" || c === "UND_ERR_SOCKET" || c === "EPIPE") ||
    messages.some((m) => m === "terminated" || /socket hang up|other side closed|connection (was )?closed/i.test(m))
  );
}

/** Reduces any error of a check to its kind and a sentence a user can act on. */
export function describeCheckFailure(err: unknown, url: string): CheckFailure {
  const failure = err instanceof McpFailure ? err : new McpFailure("protocol", err instanceof Error ? err.message : String(err), {}, { cause: err });
  const { codes, messages } = causes(failure);
  const where = displayUrl(url);
  if (failure.kind === "unreachable" || failure.kind === "protocol") {
    const tls = tlsProblem(codes, messages);
    if (tls) return { kind: "tls", reason: `The secure connection to ${where} failed: ${tls}.` };
    // A cut before any answer is the guarded fetch's own "could not connect" (an OutboundError), already clear.
    if (!findOutboundError(failure) && cutMidAnswer(codes, messages)) {
      return { kind: "closed", reason: `The server at ${where} closed the connection in the middle of its answer.` };
    }
  }
  if (failure.kind === "refused") return { kind: "refused", reason: `Address refused by policy: ${failure.message}` };
  return { kind: failure.kind, reason: failure.message };
}

/** The check of a server whose stored headers no configured key opens: nothing was sent to it. */
export const HEADERS_UNOPENED: CheckFailure = {
  kind: "encryption_key_mismatch",
  reason:
    "The stored headers cannot be opened with this installation's encryption key, so the server was not contacted. Enter the header values again, or ask the operator to configure the key they were encrypted with.",
};
