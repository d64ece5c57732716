/** @jest-environment node */
import { publicUrl } from "@/lib/net/public-url";

describe("publicUrl: a URL fit to show others", () => {
  it("keeps scheme, host, port and path, and drops user name, password, query and fragment", () => {
    expect(publicUrl("https://user:pa55@mcp.example.com:8443/v1/mcp?api_key=s3cret&x=1#token=t0k")).toBe("https://mcp.example.com:8443/v1/mcp");
    expect(publicUrl("http://mcp.example.com")).toBe("http://mcp.example.com/");
    expect(publicUrl("https://[::1]:9000/sse?k=v")).toBe("https://[::1]:9000/sse");
  });

  it("is null for what is not a URL", () => {
    expect(publicUrl("not a url")).toBeNull();
  });
});
