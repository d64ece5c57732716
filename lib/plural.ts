/** "1 server", "3 servers", "1,000 servers": a count with its noun. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
}
