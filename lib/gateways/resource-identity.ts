/**
 * What a resource URI names, as loosely as any server might read it: a
 * gateway refuses a read whose URI comes to the same as a hidden resource's
 * (lib/gateways/view.ts), so that a listed template cannot reach that
 * resource under another spelling. Servers differ in how they match a URI:
 * the SDK's parses it as a URL (scheme and host in lower case, default
 * ports and dot segments dropped), a file server decodes the path and may
 * sit on a case-insensitive file system, many ignore a trailing slash,
 * doubled slashes or the fragment, and a handler given the parsed URL may
 * read only its host and path. So both sides are brought to one form that
 * folds all of that: percent-decoded until nothing changes, in Unicode NFC,
 * without fragment, with forward slashes, parsed as a URL where it is one
 * (without credentials, port or a host name's root dot), in lower case,
 * without repeated or trailing slashes. Two different
 * resources may come out alike (say, two files differing in case): a read of
 * one is then refused with the other, which errs on the side the guard is for.
 */

/** Decodes each well-formed escape; a malformed one is left as it is. */
function decodeOnce(text: string): string {
  return text.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      // Not UTF-8 as a whole: byte by byte, keeping what does not decode alone.
      return run.replace(/%[0-9a-fA-F]{2}/g, (one) => {
        try {
          return decodeURIComponent(one);
        } catch {
          return one;
        }
      });
    }
  });
}

/** Each round shortens the text, so this ends; a few rounds undo any encoding a server would undo. */
const MAX_DECODES = 8;

export function resourceIdentity(uri: string): string {
  let text = uri;
  for (let i = 0; i < MAX_DECODES; i++) {
    const decoded = decodeOnce(text);
    if (decoded === text) break;
    text = decoded;
  }
  text = text.normalize("NFC").replace(/\\/g, "/");
  const hash = text.indexOf("#");
  if (hash >= 0) text = text.slice(0, hash);
  if (URL.canParse(text)) text = withoutAuthorityExtras(new URL(text));
  return trimSlashes(text.toLowerCase().replace(/([^:/])\/{2,}/g, "$1/"));
}

/**
 * The URL without what a handler that reads its host and path never sees:
 * credentials, a port (the URL parser drops only the default ports of the
 * schemes it knows) and the root dot of a host name.
 */
function withoutAuthorityExtras(url: URL): string {
  url.username = "";
  url.password = "";
  url.port = "";
  if (url.hostname.endsWith(".")) url.hostname = url.hostname.slice(0, -1);
  return url.href;
}

/** Without trailing slashes; a loop, since `/\/+$/` backtracks quadratically on a long run of them. */
function trimSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === "/") end -= 1;
  return text.slice(0, end);
}

/** The URI's identity without its query, for servers that read `x?a=b` as `x`. */
export function resourceIdentityWithoutQuery(uri: string): string {
  const identity = resourceIdentity(uri);
  const query = identity.indexOf("?");
  return query < 0 ? identity : trimSlashes(identity.slice(0, query));
}
