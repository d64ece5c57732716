import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

const AXE_SOURCE = fs.readFileSync(path.join(path.dirname(require.resolve("axe-core")), "axe.min.js"), "utf8");

/** What to check: the whole document, or the given selectors (each with what lies inside it). */
export type AxeScope = "document" | string[];

/**
 * axe-core's violations on the page, one readable line each (rule, impact and
 * the elements concerned). Running animations are let finish first: a dialog
 * caught mid fade-in has half-transparent text, which axe would report as
 * low contrast although no user ever reads it that way.
 */
export async function axeViolations(page: Page, scope: AxeScope = ["#main", "[role=dialog]"]): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner runs forever; only animations that end are waited for.
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated rather than added as a <script>: a prerendered page's policy allows only its own inline scripts, by hash.
  await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async (scope) => {
    type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const context = scope === "document" ? document : { include: scope.map((s) => [s]) };
    return (await axe.run(context, { resultTypes: ["violations"] })).violations;
  }, scope);
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
