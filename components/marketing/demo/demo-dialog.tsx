"use client";

import Link from "next/link";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { DemoOfferButton, useDemoOffered } from "./demo-offer";
import { DEMO_STEPS } from "./demo-steps";

/**
 * The guided product tour: one step at a time with Previous/Next (or the
 * arrow keys), a step indicator, and on the last step the calls to action:
 * a free account, and the demo without signing up where it is offered.
 */
export function DemoDialog({ onClose }: { onClose: () => void }) {
  const [index, setIndex] = useState(0);
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  const step = DEMO_STEPS[index];
  const last = index === DEMO_STEPS.length - 1;
  const offered = useDemoOffered();

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
          {last && offered ? (
            <p className="text-sm font-medium">
              See all of it on a real MCP server: a demo account of your own, with two weeks of history, for a day. No sign-up.
            </p>
          ) : null}
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
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-start">
              <Link prefetch={false} href="/auth/register" className={buttonVariants({ variant: offered ? "outline" : "default" })}>
                Create a free account
              </Link>
              {/* The tour ends on the real thing, where the deployment offers it. */}
              {offered ? <DemoOfferButton className="flex flex-col gap-2 sm:max-w-xs" buttonClassName={buttonVariants()} /> : null}
            </div>
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
