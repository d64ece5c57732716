"use client";

import { useEffect, useRef } from "react";
import { DemoSignUp } from "./demo-sign-up";
import { FormAlert } from "./form-alert";
import { PlanUpsell } from "./plan-upsell";
import type { FormProblem } from "./save-error";

/**
 * A refused save that belongs to no field (the plan's limit, what a demo
 * account may not do, a failure of the whole form), at the top of a long form. The person pressed Save at its
 * end, so the message is brought to them: each new problem scrolls into view
 * and takes the focus (a field error, focused after it, still wins).
 */
export function FormProblemBanner({ problem }: { problem: FormProblem | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) ref.current?.focus();
  }, [problem]);
  if (!problem) return null;
  return (
    <div ref={ref} tabIndex={-1} className="scroll-mt-4 rounded-lg outline-hidden focus-visible:ring-2 focus-visible:ring-ring">
      {problem.kind === "plan" ? <PlanUpsell message={problem.message} /> : problem.kind === "demo" ? <DemoSignUp message={problem.message} /> : <FormAlert>{problem.message}</FormAlert>}
    </div>
  );
}
