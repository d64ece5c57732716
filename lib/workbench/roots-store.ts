"use client";

import { useCallback, useSyncExternalStore } from "react";
import { z } from "zod";
import { MAX_ROOTS, rootSchema, type Root } from "./schema";

/**
 * The roots the workbench offers a server (MCP `roots/list`), per server, in
 * this browser. Every call of the page carries them; the console tells the
 * server when they changed.
 */

const keyOf = (serverId: string) => `mcp-console.workbench.roots.${serverId}`;
const CHANGED = "mcp-console:workbench-roots";
const stored = z.array(rootSchema).max(MAX_ROOTS);
const NONE: Root[] = [];

// useSyncExternalStore wants the same array while nothing changed.
const cache = new Map<string, { raw: string | null; roots: Root[] }>();

function read(serverId: string): Root[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(keyOf(serverId));
  } catch {
    return NONE;
  }
  const hit = cache.get(serverId);
  if (hit && hit.raw === raw) return hit.roots;
  let roots = NONE;
  try {
    const parsed = stored.safeParse(raw ? JSON.parse(raw) : []);
    if (parsed.success) roots = parsed.data;
  } catch {
    // Unreadable storage is no roots.
  }
  cache.set(serverId, { raw, roots });
  return roots;
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The server's roots and a function that replaces them (already validated with `rootSchema`). */
export function useRoots(serverId: string): [Root[], (roots: Root[]) => boolean] {
  const roots = useSyncExternalStore(
    subscribe,
    () => read(serverId),
    () => NONE,
  );
  const save = useCallback(
    (next: Root[]) => {
      try {
        window.localStorage.setItem(keyOf(serverId), JSON.stringify(next));
      } catch {
        return false;
      }
      window.dispatchEvent(new Event(CHANGED));
      return true;
    },
    [serverId],
  );
  return [roots, save];
}
