import { Activity, BellRing, ShieldCheck } from "lucide-react";
import { FeatureCard } from "@/components/marketing/feature-card";
import { DemoOffer } from "@/components/marketing/demo/demo-offer";
import { GetStartedCta } from "@/components/marketing/get-started-cta";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { PLANS } from "@/lib/plans/table";
import { pageMetadata } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Know when your MCP servers break — before your agents do",
  description:
    "MCP-aware health checks, a local security scanner and a workbench for the MCP servers your AI agents depend on. Free for up to three servers, set up in two minutes.",
  path: "/get-started",
});

const free = PLANS["free tier"];

const POINTS = [
  {
    icon: Activity,
    title: "Checks that speak MCP",
    text: "Every check performs the real handshake, a ping and tools/list — not just an HTTP ping — and measures latency.",
  },
  {
    icon: ShieldCheck,
    title: "Catches poisoned tools",
    text: "Prompt injection, hidden characters and silently changed tool definitions, found locally in milliseconds.",
  },
  {
    icon: BellRing,
    title: "Tells you first",
    text: "An incident, an email and a signed webhook the moment a server goes down, and again when it is back: on every plan, Free too.",
  },
];

export default function GetStartedPage() {
  return (
    <section aria-labelledby="get-started-title" className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">For teams running MCP servers</p>
      <h1 id="get-started-title" className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
        Know when your MCP servers break — before your agents do
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
        Register a server in two minutes. MCP Console checks it with real protocol requests, scans what it tells your
        models, and keeps a record of everything.
      </p>
      <div className="mt-10 flex flex-col items-center gap-3">
        <GetStartedCta className={cn(buttonVariants({ size: "lg" }), "h-12 px-8 text-base")}>Create your free account</GetStartedCta>
        <p className="text-sm text-muted-foreground">
          Free for {free.maxServers} servers · no credit card · sign in with email, Google or GitHub
        </p>
        {/* The offer's line is kept while the browser learns whether there is one: nothing below moves. */}
        <div className="min-h-10">
          <DemoOffer className="flex flex-col items-center gap-1" buttonClassName={buttonVariants({ variant: "link" })} />
        </div>
      </div>
      <ul className="mt-16 grid gap-6 text-left sm:grid-cols-3">
        {POINTS.map((point) => (
          <FeatureCard key={point.title} {...point} as="li" heading="h2" titleSize="text-base" />
        ))}
      </ul>
    </section>
  );
}
