/**
 * A name as a lowercase ASCII slug: accents dropped, every other run of
 * characters one hyphen, none at either end, at most `maxLength` long.
 * Split and joined rather than trimmed with `-+$`, which backtracks
 * quadratically on a long run of hyphens.
 */
export function slugify(text: string, maxLength = Infinity): string {
  const words = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.join("-").slice(0, maxLength).split("-").filter(Boolean).join("-");
}
