import { logLevel, type LogLevel } from "./env";

/**
 * Structured logging: one JSON object per line on stdout. Values under keys
 * that can carry credentials are replaced before anything is written, so a
 * secret handed to the logger by mistake never reaches the log.
 */

type Level = Exclude<LogLevel, "silent">;
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const SECRET_KEY = /authorization|cookie|password|secret|token|api[-_]?key|headers|credential|private/i;
const MAX_DEPTH = 6;

export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_DEPTH) return "[depth]";
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) ? "[redacted]" : redact(v, depth + 1);
  }
  return out;
}

export type Fields = Record<string, unknown>;

function write(level: Level, msg: string, fields?: Fields) {
  if (ORDER[level] < ORDER[logLevel()]) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...(redact(fields ?? {}) as Fields) });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

export function logger(bound: Fields = {}): Logger {
  const at = (level: Level) => (msg: string, fields?: Fields) => write(level, msg, { ...bound, ...fields });
  return {
    debug: at("debug"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    child: (fields) => logger({ ...bound, ...fields }),
  };
}

export const log = logger();
