/** The credential of an `Authorization: Bearer …` header, or null when the header is absent or of another scheme. */
export function bearerCredential(header: string | null): string | null {
  return header?.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : null;
}
