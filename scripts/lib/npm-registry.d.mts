export const BUNDLED: { name: string; version: string };
export const EVERYTHING: string;

export interface LocalRegistry {
  url: string;
  /** The registry's integrity for the tarball, as npm records it. */
  integrity: string;
  /** Paths asked for, in order. */
  requests: string[];
  stop(): Promise<void>;
}

export function startLocalRegistry(port?: number): Promise<LocalRegistry>;
