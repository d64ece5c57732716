import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Each test file gets its own data folder and a quiet logger; nothing the
// tests write lands in the repository.
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-test-"));
process.env.LOG_LEVEL ??= "silent";
