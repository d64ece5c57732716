/** A size as people read it: bytes, KB or MB (1024-based), one decimal where it says something. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, "KB"] : [bytes / (1024 * 1024), "MB"];
  return `${value.toFixed(1).replace(/\.0$/, "")} ${unit}`;
}
