/**
 * Runs in the browser before the app's own code. Zod probes for eval
 * (`new Function`) on its first parse to compile faster validators; the
 * production Content-Security-Policy has no 'unsafe-eval', so the probe is
 * refused and reported as a violation although Zod then does without.
 * Jitless skips the probe: same results, from the interpreter.
 *
 * Zod keeps its configuration on `globalThis.__zod_globalConfig`, an object
 * that whichever copy of Zod loads first creates or takes over. Setting it
 * here, rather than through `config()` from zod/v4/core, spares the pages
 * that never parse anything (the public ones) the download of Zod's core.
 * tests/unit/security/zod-jitless.test.ts checks that Zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
