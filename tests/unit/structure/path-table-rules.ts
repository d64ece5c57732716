import type { SourceFile } from "./source-files";

/**
 * The paths the service serves ahead of Next.js's router have one table,
 * app/direct-routes.ts (issue 38): scripts/server.mjs and the tests' servers
 * take it from there. A path table is written twice when another file
 * matches requests against one of those paths itself, which it does with
 * the path as a regular expression (`/^\/mcp\//`, `\/oauth\/token`) or as a
 * string that is the whole path or prefix (`"/mcp/"`, `"/oauth/authorize"`,
 * `"/.well-known/oauth-authorization-server"`). A URL built for a request
 * (`${origin}/oauth/token`), or a route's label in logs and metrics
 * (`"/mcp/[slug]"`), is neither: it names one path, it routes nothing.
 */

/** Each path served outside Next.js, as a file that routes on it writes it. */
export const DIRECT_PATH_MARKS: Record<string, RegExp> = {
  "gateway endpoint /mcp/{slug}": /\\\/mcp\\\/|["'`]\/mcp\/["'`]/,
  "workbench call /api/servers/{id}/call": /\\\/api\\\/servers\\\/.*\\\/call\b/,
  "OAuth endpoints /oauth/…": /\\\/oauth\\\/(?:authorize|token|register|revoke)\b|["'`]\/oauth\/(?:authorize|token|register|revoke)["'`]/,
  "OAuth metadata /.well-known/oauth-…": /\\\/\\\.well-known\\\/oauth-|["'`]\/\.well-known\/oauth-(?:authorization-server|protected-resource)\/?["'`]/,
};

/** Each file that writes one of the paths above as a table without being one of `owners`, with the paths it writes. */
export function pathTableViolations(files: SourceFile[], owners: Record<string, string>): string[] {
  return files.flatMap(({ path, text }) => {
    if (path in owners) return [];
    const written = Object.entries(DIRECT_PATH_MARKS)
      .filter(([, mark]) => mark.test(text))
      .map(([name]) => name);
    return written.length ? [`${path} routes on ${written.join(", ")}: take it from app/direct-routes.ts`] : [];
  });
}
