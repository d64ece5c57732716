import type { EgressRule } from "../sandbox/egress-admission";

/**
 * A stdio server's package and command as stored (servers.stdio) and returned: never its env
 * values, which are secrets (server_env, encrypted). Shared by the API and the forms.
 */

/** The registries whose packages can run as stdio servers; the MCP Registry's `registryType`. */
export const STDIO_REGISTRY_TYPES = ["npm"] as const;

/** An npm package name, as the registry allows it (lower case, optionally scoped). */
export const NPM_NAME_PATTERN = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

/** An exact version, as npm writes one (1.2.3, with a pre-release or build after it): what is installed is what runs. */
export const EXACT_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

export interface StdioPackage {
  registryType: (typeof STDIO_REGISTRY_TYPES)[number];
  /** The package's name. */
  identifier: string;
  /** A pinned version: what was installed is what runs. */
  version: string;
}

export interface StdioConfig {
  package: StdioPackage;
  /** The program, relative to the install folder's node_modules (the package's bin), found at registration. */
  bin: string;
  /** The arguments after the program. */
  args: string[];
  /** The installed tarball's integrity (npm's sha512), recorded at registration; null when npm recorded none. */
  integrity: string | null;
  /** The hosts it may reach through the console's egress proxy; absent (servers saved before egress) or empty: no network. */
  egress?: EgressRule[];
}

/** How a stdio server is shown where a URL would be (messages, activity, the list's search): `npm:<identifier>@<version>`. */
export const packageLabel = (pkg: StdioPackage): string => `${pkg.registryType}:${pkg.identifier}@${pkg.version}`;
