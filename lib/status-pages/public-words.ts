/**
 * An incident on a public page is told in general words chosen by its kind:
 * the recorded reason can name hosts, addresses or the server's own error
 * text, none of which the owner chose to publish.
 */
const BY_KIND: Record<string, string> = {
  refused: "The service refused connections.",
  unreachable: "The service could not be reached.",
  timeout: "The service did not answer in time.",
  auth: "The service turned requests away.",
  http: "The service answered with errors.",
  too_large: "The service sent answers that were too large.",
  protocol: "The service answered in an unexpected way.",
  tls: "The service's secure connection failed.",
  closed: "The service dropped connections mid-answer.",
  slow: "The service was slow to answer.",
  // The console could not make the check (its own keys): nothing is known of the service.
  encryption_key_mismatch: "The service could not be checked.",
};

export function publicIncidentSummary(failureKind: string | null): string {
  return (failureKind && BY_KIND[failureKind]) || "The service is not answering.";
}
