"use client";

import Link from "next/link";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { DEMO_STEPS } from "./demo-steps";

/**
 * The guided product tour: one step at a time with Previous/Next (or the
 * arrow keys), a step indicator, and a call to action on the last step.
 */
export function DemoDialog({ onClose }: { onClose: () => void }) {
  const [index, setIndex] = useState(0);
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  const step = DEMO_STEPS[index];
  const last = index === DEMO_STEPS.length - 1;

  const go = (next: number) => setIndex(Math.min(DEMO_STEPS.length - 1, Math.max(0, next)));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Arrow keys belong to whatever control has focus when it uses them itself.
    if ((event.target as HTMLElement).closest("input, textarea, select, [role=slider]")) return;
    if (event.key === "ArrowRight") go(index + 1);
    if (event.key === "ArrowLeft") go(index - 1);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-w-2xl"
        onKeyDown={onKeyDown}
        onCloseAutoFocus={(event) => {
          if (opener?.isConnected && opener !== document.body) {
            event.preventDefault();
            opener.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>A tour of MCP Console</DialogTitle>
          <DialogDescription aria-live="polite">
            Step {index + 1} of {DEMO_STEPS.length}: {step.title}
          </DialogDescription>
        </DialogHeader>

        <ol aria-label="Tour steps" className="flex flex-wrap gap-2">
          {DEMO_STEPS.map((s, i) => (
            <li key={s.id}>
              <button
                type="button"
                onClick={() => go(i)}
                aria-current={i === index ? "step" : undefined}
                aria-label={`Step ${i + 1}: ${s.title}`}
                className={cn(
                  "flex size-8 items-center justify-center rounded-full border text-xs font-semibold transition-colors",
                  "outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
                  i === index
                    ? "border-primary bg-primary text-primary-foreground"
                    : i < index
                      ? "border-primary text-foreground"
                      : "border-input text-muted-foreground hover:bg-accent",
                )}
              >
                {i + 1}
              </button>
            </li>
          ))}
        </ol>

        <section aria-labelledby={`demo-step-${step.id}`} className="flex flex-col gap-3">
          <h3 id={`demo-step-${step.id}`} className="text-base font-semibold">
            {step.title}
          </h3>
          <p className="text-sm text-muted-foreground">{step.text}</p>
          <figure className="m-0">
            {/* A picture of the product, not part of the dialog's controls. */}
            <div aria-hidden="true" inert className="pointer-events-none select-none">
              {step.illustration}
            </div>
            <figcaption className="sr-only">Illustration: {step.title}, with sample data.</figcaption>
          </figure>
        </section>

        <DialogFooter className="sm:justify-between">
          <Button variant="outline" onClick={() => go(index - 1)} disabled={index === 0}>
            <ArrowLeft aria-hidden="true" /> Previous
          </Button>
          {last ? (
            <Link prefetch={false} href="/auth/register" className={buttonVariants()}>
              Create a free account
            </Link>
          ) : (
            <Button onClick={() => go(index + 1)}>
              Next <ArrowRight aria-hidden="true" />
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
