import { createHash } from "node:crypto";
import { MAX_TOOL_NAME, NAME_SEPARATOR } from "./schema";

export { defaultPrefix, freePrefix } from "./prefix";

/**
 * The names an agent sees. A tool or prompt is `<prefix>__<name>`, with every
 * character the common clients refuse replaced by `_`; a name that would
 * pass 64 characters is cut and given a short hash of the original, so that
 * two long names stay apart. The gateway routes by looking the exposed name
 * up, never by taking it apart, so no spelling other than this one reaches a
 * server.
 */

const INVALID = /[^A-Za-z0-9_-]/g;

export function exposedName(prefix: string, name: string): string {
  const whole = `${prefix}${NAME_SEPARATOR}${name.replace(INVALID, "_")}`;
  if (whole.length <= MAX_TOOL_NAME) return whole;
  const hash = createHash("sha256").update(name).digest("hex").slice(0, 8);
  return `${whole.slice(0, MAX_TOOL_NAME - hash.length - 1)}_${hash}`;
}
