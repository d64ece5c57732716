/**
 * Whether a resource URI fits a URI template (RFC 6570), each expression
 * standing for any text: looser than any server's own matching, so that a
 * gateway never takes a URI to be outside a template that the server would
 * read it with.
 */

/** The literal text between a URI template's expressions. */
function literals(template: string): string[] {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const open = template.indexOf("{", at);
    const close = open < 0 ? -1 : template.indexOf("}", open);
    if (close < 0) return [...parts, template.slice(at)];
    parts.push(template.slice(at, open));
    at = close + 1;
  }
}

/** Its literals in order, in linear time. */
export function templateMatches(template: string, uri: string): boolean {
  const parts = literals(template);
  if (parts.length === 1) return uri === parts[0];
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (!uri.startsWith(first) || !uri.endsWith(last) || uri.length < first.length + last.length) return false;
  let at = first.length;
  const end = uri.length - last.length;
  for (const middle of parts.slice(1, -1)) {
    const found = uri.indexOf(middle, at);
    if (found < 0 || found + middle.length > end) return false;
    at = found + middle.length;
  }
  return true;
}
