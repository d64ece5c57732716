/** Times on a public page are for visitors anywhere: UTC, said so. */
export function formatUtc(iso: string): string {
  return `${new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC", hourCycle: "h23" })} UTC`;
}
