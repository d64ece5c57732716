import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

const shared = {
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    // `server-only` throws outside a React Server Components bundle; tests
    // import server modules directly.
    "^server-only$": "<rootDir>/tests/support/empty-module.js",
    // The Tasks extension exports its entry points for `import` only, which Jest's require-based resolver does not read.
    "^@modelcontextprotocol/ext-tasks/(client|core|receiver)$": "<rootDir>/node_modules/@modelcontextprotocol/ext-tasks/dist/$1/index.js",
  },
};

const unit = {
  ...shared,
  displayName: "unit",
  testEnvironment: "jsdom",
  testMatch: ["<rootDir>/tests/unit/**/*.test.{ts,tsx}"],
  setupFilesAfterEnv: ["<rootDir>/tests/support/setup-unit.ts"],
};

const integration = {
  ...shared,
  displayName: "integration",
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/integration/**/*.test.ts"],
  setupFiles: ["<rootDir>/tests/support/setup-integration.ts"],
};

// next/jest builds one project's config at a time.
export default async function config() {
  return {
    // The unit tests' timeout: typing whole forms key by key and axe walking
    // them take seconds on a loaded two-core machine. Jest reads testTimeout
    // only here (jest-circus takes the global one; a project's is ignored), so
    // the integration tests' longer one is set by their setup file.
    testTimeout: 60_000,
    projects: [await createJestConfig(unit)(), await createJestConfig(integration)()],
  };
}
