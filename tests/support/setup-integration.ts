import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Each test file gets its own data folder and a quiet logger; nothing the
// tests write lands in the repository.
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "mcp-console-test-"));
process.env.LOG_LEVEL ??= "silent";

// The integration tests' timeout, for every test and hook (jest.config.mjs
// says why it is set here): they open databases, start real MCP servers and
// child processes on a loaded two-core machine. A test that needs longer
// says so as the third argument of its `it`.
jest.setTimeout(120_000);
