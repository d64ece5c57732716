/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";

/**
 * The popup and iframe constants of the sign-in flows are the identity SDK's own. This
 * test reads the installed firebase/auth build and fails if an upgrade changes
 * any of them.
 */
function authBuildSource(): string {
  const pkg = require.resolve("@firebase/auth/package.json", { paths: [path.dirname(require.resolve("firebase/package.json"))] });
  const dir = path.join(path.dirname(pkg), "dist/esm");
  const file = fs.readdirSync(dir).find((f) => /^index-.*\.js$/.test(f));
  if (!file) throw new Error(`no firebase/auth ESM build in ${dir}`);
  return fs.readFileSync(path.join(dir, file), "utf8");
}

describe("identity SDK constants", () => {
  const src = authBuildSource();
  it.each([
    ["sign-in popup 500 wide", /const DEFAULT_WIDTH = 500;/],
    ["sign-in popup 600 high", /const DEFAULT_HEIGHT = 600;/],
    ["poll delay after the popup closes: 8 s", /\}, 8000 \/\* _Timeout\.AUTH_EVENT \*\/\);/],
    ["popup poll interval 2 to 10 s", /const _POLL_WINDOW_CLOSE_TIMEOUT = new Delay\(2000, 10000\);/],
    ["auth event cache cleared after 10 min", /const EVENT_DUPLICATION_CACHE_DURATION_MS = 10 \* 60 \* 1000;/],
    ["iframe load timeout 30 to 60 s", /const NETWORK_TIMEOUT = new Delay\(30000, 60000\);/],
    ["iframe ping timeout 5 to 15 s", /const PING_TIMEOUT = new Delay\(5000, 15000\);/],
  ])("%s", (_name, pattern) => {
    expect(src).toMatch(pattern);
  });
});
