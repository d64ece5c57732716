import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import regexp from "eslint-plugin-regexp";
import { loadProjectModule } from "./scripts/lib/project-modules.mjs";

/** The API's error codes, from their one table, as a pattern for the rule below. */
const { ERROR_STATUS } = await loadProjectModule("lib/api-contract/error-codes.ts");
const ERROR_CODES = `^(${Object.keys(ERROR_STATUS).join("|")})$`;
const codeField = "/^(error|code)$/";
const comparison = "BinaryExpression[operator=/^[!=]==?$/]";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // Every regular expression in the code is checked for catastrophic
    // backtracking: several run on text that users or MCP servers send.
    plugins: { regexp },
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
      "regexp/no-misleading-capturing-group": "error",
    },
  },
  {
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["lib/api-contract/error-codes.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          `${comparison}[left.property.name=${codeField}][right.value=/${ERROR_CODES}/]`,
          `${comparison}[left.expression.property.name=${codeField}][right.value=/${ERROR_CODES}/]`,
          `${comparison}[right.property.name=${codeField}][left.value=/${ERROR_CODES}/]`,
        ].map((selector) => ({
          selector,
          message: "Compare an API error code with isApiError / namesCode from lib/api-contract/error-codes.ts, the one list of codes.",
        })),
      ],
    },
  },
  {
    files: ["app/**", "components/**", "lib/**"],
    // The API client is the browser's one way to the API; the guarded fetch is the server's one way out.
    ignores: ["lib/api-client/fetch.ts", "lib/net/guarded-fetch.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Call the API through lib/api-client/fetch.ts (apiGet, apiSend, apiStream, apiBeacon)." },
      ],
    },
  },
  {
    files: ["lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/components/*", "@/app/*"], message: "lib/ is what components and routes build on; it never imports them." }] },
      ],
    },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "regexp/no-super-linear-move": "off" },
  },
  {
    ignores: [".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
];

export default config;
