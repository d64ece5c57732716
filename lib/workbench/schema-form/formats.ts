import { isUuid } from "@/lib/guards";

/**
 * String formats the form knows. Others are annotations only (JSON Schema's
 * default), so they are neither checked nor given a special input.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function isDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function isTime(s: string): boolean {
  const m = TIME.exec(s);
  // 60 seconds allows a leap second, as RFC 3339 does.
  return m !== null && Number(m[1]) < 24 && Number(m[2]) < 60 && Number(m[3]) <= 60;
}

/**
 * One "@" with text before it, and a domain with a dot inside it; no spaces.
 * Checked by hand: the usual pattern for this backtracks quadratically on a
 * long dotted answer, and the server runs it on what users send.
 */
function isEmail(s: string): boolean {
  if (s.length > 254 || /\s/.test(s)) return false;
  const at = s.indexOf("@");
  if (at < 1 || at !== s.lastIndexOf("@")) return false;
  return s.slice(at + 2, -1).includes(".");
}

function isUri(s: string): boolean {
  if (!URI_SCHEME.test(s) || /\s/.test(s)) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}

const CHECKS: Record<string, { test: (s: string) => boolean; message: string }> = {
  date: { test: isDate, message: "Must be a date (YYYY-MM-DD)" },
  "date-time": {
    test: (s) => {
      const [date, time] = s.split(/[Tt ]/);
      return time !== undefined && isDate(date) && isTime(time);
    },
    message: "Must be a date and time with a time zone, such as 2025-01-31T09:30:00Z",
  },
  time: { test: isTime, message: "Must be a time with a time zone, such as 09:30:00Z" },
  email: { test: isEmail, message: "Must be an email address" },
  uri: { test: isUri, message: "Must be an absolute URI, such as https://example.com/" },
  url: { test: isUri, message: "Must be an absolute URL, such as https://example.com/" },
  uuid: { test: isUuid, message: "Must be a UUID" },
  ipv4: { test: (s) => IPV4.test(s), message: "Must be an IPv4 address" },
};

/** The problem with `value` for `format`, or `undefined` when it is fine or the format is not checked. */
export function formatProblem(format: string, value: string): string | undefined {
  const check = CHECKS[format];
  return check && !check.test(value) ? check.message : undefined;
}

/** The `<input type>` for a string format. */
export function inputTypeForFormat(format: string | undefined): string {
  switch (format) {
    case "date":
      return "date";
    case "date-time":
      return "datetime-local";
    case "email":
      return "email";
    case "uri":
    case "url":
      return "url";
    default:
      return "text";
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * A `datetime-local` input shows local wall-clock time without a zone; the
 * argument must be RFC 3339. These convert between the two. `undefined` means
 * the text is not something the picker can show (the form then falls back to
 * a text box so nothing is hidden).
 */
export function dateTimeToLocalInput(value: string): string | undefined {
  if (formatProblem("date-time", value)) return undefined;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return undefined;
  const base = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const seconds = d.getSeconds() || d.getMilliseconds() ? `:${pad(d.getSeconds())}` : "";
  const millis = d.getMilliseconds() ? `.${pad(d.getMilliseconds(), 3)}` : "";
  return base + seconds + millis;
}

/** The RFC 3339 (UTC) form of a `datetime-local` value, or `undefined` when it is incomplete. */
export function localInputToDateTime(local: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(local)) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}
