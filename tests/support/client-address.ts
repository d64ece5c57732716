let last = 0;

/**
 * A client address no other request of this test file has come from. The
 * API limits sign-ins, contact messages and analytics per address, and each
 * test file gets fresh databases: a test that is not about a limit never
 * meets one this way. A test about a limit takes one address and spends it.
 */
export function clientAddress(): string {
  last += 1;
  return `10.${(last >> 16) & 255}.${(last >> 8) & 255}.${last & 255}`;
}

/**
 * An IPv6 /64 no other request of this test file has come from, as a client
 * is given one: `host(n)` is its n-th address. Per-address limits count the
 * whole /64 as one client.
 */
export function clientNetwork(): (host: number) => string {
  last += 1;
  const prefix = `2001:db8:${((last >> 16) & 0xffff).toString(16)}:${(last & 0xffff).toString(16)}`;
  return (host) => `${prefix}::${host.toString(16)}`;
}
