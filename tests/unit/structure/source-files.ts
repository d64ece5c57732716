import fs from "node:fs";
import path from "node:path";

/** A source file as the structure rules read it: its path from the project's root (with /) and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

export const ROOT = path.resolve(__dirname, "../../..");

const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** Every source file under the given folders and files of the project (node_modules and .next never). */
export function sourceFiles(...entries: string[]): SourceFile[] {
  const found: SourceFile[] = [];
  const visit = (relative: string) => {
    const full = path.join(ROOT, relative);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const name of fs.readdirSync(full)) if (name !== "node_modules" && name !== ".next") visit(path.posix.join(relative, name));
    } else if (SOURCE.test(relative)) {
      found.push({ path: relative, text: fs.readFileSync(full, "utf8") });
    }
  };
  entries.forEach(visit);
  return found;
}
