/** A package of the local registry: `name`@`version` runs the MCP server `server` of the project's node_modules. */
export interface Bundle {
  name: string;
  version: string;
  server: string;
  /** Sets MCP_BUNDLED_VERSION to its version in the server's environment (a second version, told apart from inside the sandbox). */
  marksVersion?: boolean;
}

export const BUNDLES: { everything: Bundle; filesystem: Bundle; everythingNext: Bundle };
export const BUNDLED: Bundle;
export const EVERYTHING: string;

export interface LocalRegistry {
  url: string;
  /** The registry's integrity of each package's tarball, as npm records it: by package name (its latest version's), and by `name@version`. */
  integrity: Record<string, string>;
  /** Where a package's tarball is served (a request's path). */
  tarballPath(name: string): string | undefined;
  /** Paths asked for, in order. */
  requests: string[];
  stop(): Promise<void>;
}

export function startLocalRegistry(options?: { port?: number; bundles?: Bundle[] }): Promise<LocalRegistry>;
