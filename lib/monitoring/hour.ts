const HOUR_MS = 3_600_000;

/** The start of the UTC hour holding `d`: the key of an hourly rollup. */
export const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);
