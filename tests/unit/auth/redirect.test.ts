import { AUTH_REDIRECT_KEY } from "@/lib/api-client/fetch";
import { afterSignInPath, rememberRedirect, takeRedirect } from "@/lib/auth/redirect";

beforeEach(() => window.sessionStorage.clear());

describe("rememberRedirect / takeRedirect", () => {
  it("keeps a path of this site, query and hash included", () => {
    rememberRedirect("/servers/42?tab=monitoring#checks");
    expect(window.sessionStorage.getItem(AUTH_REDIRECT_KEY)).toBe("/servers/42?tab=monitoring#checks");
    expect(takeRedirect()).toBe("/servers/42?tab=monitoring#checks");
  });

  it.each(["//evil.example", "https://evil.example", "/\\evil", "javascript:alert(1)", ""])(
    "ignores %j",
    (target) => {
      rememberRedirect(target);
      expect(window.sessionStorage.getItem(AUTH_REDIRECT_KEY)).toBeNull();
      expect(takeRedirect()).toBe("/dashboard");
    },
  );

  it("keeps what was stored before when given nothing", () => {
    window.sessionStorage.setItem(AUTH_REDIRECT_KEY, "/workbench?server=1");
    rememberRedirect(null);
    expect(takeRedirect()).toBe("/workbench?server=1");
  });

  it("defaults to the dashboard", () => {
    expect(takeRedirect()).toBe("/dashboard");
  });

  it("removes the key once taken", () => {
    rememberRedirect("/activity");
    expect(takeRedirect()).toBe("/activity");
    expect(window.sessionStorage.getItem(AUTH_REDIRECT_KEY)).toBeNull();
    expect(takeRedirect()).toBe("/dashboard");
  });

  it("does not trust a value planted in storage by other code", () => {
    window.sessionStorage.setItem(AUTH_REDIRECT_KEY, "https://evil.example/phish");
    expect(takeRedirect()).toBe("/dashboard");
    expect(window.sessionStorage.getItem(AUTH_REDIRECT_KEY)).toBeNull();
  });
});

describe("afterSignInPath", () => {
  it("never sends a signed-in user back to a sign-in page", () => {
    expect(afterSignInPath("/auth/login?expired=true")).toBe("/dashboard");
    expect(afterSignInPath("/auth")).toBe("/dashboard");
    expect(afterSignInPath("/authors")).toBe("/authors");
    expect(afterSignInPath(undefined)).toBe("/dashboard");
  });
});
