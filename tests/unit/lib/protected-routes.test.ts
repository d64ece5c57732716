import { isProtectedPath, safeRedirectPath } from "@/lib/auth/protected-routes";

describe("protected routes", () => {
  it.each(["/dashboard", "/servers", "/servers/new", "/servers/abc", "/gateways", "/gateways/abc", "/workbench", "/settings", "/support", "/activity", "/admin", "/admin/support"])(
    "%s is protected",
    (p) => expect(isProtectedPath(p)).toBe(true),
  );
  it.each(["/", "/blog", "/serversx", "/auth/login", "/faq"])("%s is public", (p) => expect(isProtectedPath(p)).toBe(false));
});

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirectPath("/servers?tag=prod#top")).toBe("/servers?tag=prod#top");
  });
  it.each(["//evil.example", "https://evil.example/x", "/\\evil.example", "javascript:alert(1)", "evil.example", "/\tevil", "", null])(
    "ignores %p",
    (target) => expect(safeRedirectPath(target as string)).toBeNull(),
  );
});
