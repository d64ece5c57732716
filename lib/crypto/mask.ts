/**
 * How a secret is shown once stored: dots, and its last four characters only
 * when the value is long enough (at least 12) for them to give nothing away.
 */

const DOTS = "••••••••";
const MIN_LENGTH_FOR_HINT = 12;
const HINT_LENGTH = 4;

/** What may be kept in clear next to an encrypted value, for its masked display. */
export function hintOf(value: string): string {
  return value.length >= MIN_LENGTH_FOR_HINT ? value.slice(-HINT_LENGTH) : "";
}

export function maskedFromHint(hint: string): string {
  return `${DOTS}${hint}`;
}

export function mask(value: string): string {
  return maskedFromHint(hintOf(value));
}
