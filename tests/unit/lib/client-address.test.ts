/** @jest-environment node */
import { addressKey, clientAddress } from "@/lib/http/client-address";

// What scripts/server.mjs hands the app: X-Forwarded-For as the client sent
// it, then every proxy's addition, then the connection's own address.
describe("clientAddress", () => {
  it("with no proxy trusted (the default), is the connection's address whatever the client wrote", () => {
    expect(clientAddress("198.51.100.7", 0)).toBe("198.51.100.7");
    expect(clientAddress("1.2.3.4, 5.6.7.8, 198.51.100.7", 0)).toBe("198.51.100.7");
  });

  it("behind one proxy, is the address the proxy saw, not what the client wrote before it", () => {
    // forged by the client, appended by the proxy, the proxy's own connection
    expect(clientAddress("1.2.3.4, 203.0.113.9, 10.0.0.2", 1)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9, 10.0.0.2", 1)).toBe("203.0.113.9");
  });

  it("behind two proxies, is the address the outer one saw", () => {
    expect(clientAddress("1.2.3.4, 203.0.113.9, 10.0.0.3, 10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("with fewer hops than trusted proxies, takes the left-most there is", () => {
    expect(clientAddress("198.51.100.7", 2)).toBe("198.51.100.7");
  });

  it("names an IPv4 client of a dual-stack socket as IPv4, and anything unreadable unknown", () => {
    expect(clientAddress("::ffff:127.0.0.1", 0)).toBe("127.0.0.1");
    expect(clientAddress("2001:db8::1", 0)).toBe("2001:db8::1");
    expect(clientAddress("not-an-address", 0)).toBe("unknown");
    expect(clientAddress(null, 0)).toBe("unknown");
  });
});

// A subscriber's IPv6 network is a /64 (often more), and a host picks any address in it.
describe("addressKey", () => {
  it("keys an IPv4 client by its address, written as IPv4 however it came", () => {
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("::ffff:198.51.100.7")).toBe(addressKey("198.51.100.7"));
    expect(addressKey("::ffff:c633:6407")).toBe(addressKey("198.51.100.7"));
    expect(addressKey("198.51.100.8")).not.toBe(addressKey("198.51.100.7"));
  });

  it("keys every address of one IPv6 /64 alike, however it is written", () => {
    const key = addressKey("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    for (const address of ["2001:db8:1:2::ffff", "2001:db8:1:2:abcd:ef01:2345:6789", "2001:0db8:0001:0002:0000:0000:0000:0002", "2001:DB8:1:2::3"]) {
      expect(addressKey(address)).toBe(key);
    }
  });

  it("keys IPv6 addresses of different /64s apart, neighbours included", () => {
    const keys = ["2001:db8:1:2::1", "2001:db8:1:3::1", "2001:db8:2:2::1", "2001:db9:1:2::1"].map(addressKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("leaves an unreadable address as it is", () => {
    expect(addressKey("unknown")).toBe("unknown");
  });
});
