import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

const shared = {
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    // `server-only` throws outside a React Server Components bundle; tests
    // import server modules directly.
    "^server-only$": "<rootDir>/tests/support/empty-module.js",
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
    // Jest reads the timeout only at the top level, not per project. Opening a
    // database on a loaded two-core machine can take seconds.
    testTimeout: 60_000,
    projects: [await createJestConfig(unit)(), await createJestConfig(integration)()],
  };
}
