import { config } from "zod/v4/core";

/**
 * Runs in the browser before the app's own code. Zod probes for eval
 * (`new Function`) on its first parse to compile faster validators; the
 * production Content-Security-Policy has no 'unsafe-eval', so the probe is
 * refused and reported as a violation although Zod then does without.
 * Jitless skips the probe: same results, from the interpreter.
 */
config({ jitless: true });
