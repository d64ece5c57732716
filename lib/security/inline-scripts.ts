import crypto from "node:crypto";

/** The text of every `<script>` without a `src` in an HTML document (a scan rather than a regular expression). */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  let at = 0;
  for (;;) {
    const open = html.indexOf("<script", at);
    if (open < 0) return found;
    const tagEnd = html.indexOf(">", open);
    const close = tagEnd < 0 ? -1 : html.indexOf("</script>", tagEnd);
    if (close < 0) return found;
    if (!/\ssrc=/.test(html.slice(open, tagEnd))) found.push(html.slice(tagEnd + 1, close));
    at = close + "</script>".length;
  }
}

/** A script's CSP hash source: `'sha256-<base64>'` of its exact text. */
export const scriptHash = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
