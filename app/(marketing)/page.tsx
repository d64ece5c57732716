import Link from "next/link";
import { Suspense } from "react";
import { Activity, FlaskConical, Network, PlayCircle, ScrollText, ShieldCheck } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { DemoLauncher } from "@/components/marketing/demo/demo-launcher";
import { DemoOffer } from "@/components/marketing/demo/demo-offer";
import { FeatureCard } from "@/components/marketing/feature-card";
import { LandingSection } from "@/components/marketing/landing-section";
import { FAQ_TEASER } from "@/components/marketing/faq-items";
import { PricingTable } from "@/components/marketing/pricing-table";
import { pageMetadata, SITE } from "@/lib/site";

export const metadata = pageMetadata({
  title: `${SITE.name} — register, explore, monitor and secure your MCP servers`,
  description: SITE.description,
  path: "/",
  absoluteTitle: true,
});

const CAPABILITIES = [
  {
    icon: FlaskConical,
    title: "Workbench",
    text: "Call tools, read resources and fill prompts of any registered server from the browser. Forms come from each tool's JSON Schema; results are rendered by type, with the raw JSON-RPC exchange; the server's own requests (input, sampling, roots) are answered from the page; every call is kept in your history.",
  },
  {
    icon: Activity,
    title: "Monitoring",
    text: "MCP-aware health checks — handshake, ping and tools/list — with latency, uptime over 24 hours, 7 and 30 days, incidents, and alerts by email or signed webhook.",
  },
  {
    icon: ShieldCheck,
    title: "Security scanner",
    text: "Finds prompt injection, hidden characters, secret references, tool shadowing and rug pulls in what your servers expose to a model. Runs locally: your tool text never leaves the console.",
  },
  {
    icon: ScrollText,
    title: "Activity log",
    text: "Every action on every server, by whom, when and from where — filterable, and exportable as CSV or JSON.",
  },
  {
    icon: Network,
    title: "Gateways",
    text: "One MCP endpoint for an agent, serving the servers and tools you choose under prefixes of your own. It serves only definitions you approved and the scanner passed: a changed definition waits in quarantine until you approve it with the change in front of you, and what calls return is checked for instructions aimed at the model and for secrets. Clients sign in with OAuth, so no token sits in a config file, and every call is audited.",
    // The fifth card takes the row: the two columns stay even.
    wide: true,
  },
];

const STEPS = [
  { title: "Register and exercise", text: "Add a server, test the connection before saving, and try its tools, resources and prompts in the workbench to see exactly what comes back." },
  { title: "Watch", text: "Turn on checks and the scanner; get told when it breaks, slows down or changes its tools." },
  { title: "Connect your agent", text: "Put your servers behind a gateway and give the agent its one endpoint: it signs in with OAuth, sees only what you approved, and every call is logged." },
];

export default function LandingPage() {
  return (
    <>
      <section aria-labelledby="hero-title" className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">The console for MCP servers</p>
        <h1 id="hero-title" className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          {SITE.tagline}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">{SITE.description}</p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link prefetch={false} href="/auth/register" className={buttonVariants({ size: "lg" })}>
            Create a free account
          </Link>
          <Link prefetch={false} href="/?demo=open" scroll={false} className={buttonVariants({ size: "lg", variant: "outline" })}>
            <PlayCircle aria-hidden="true" /> Take the product tour
          </Link>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">Free for three servers. No credit card needed.</p>
        {/* The offer's line is kept while the browser learns whether there is one: nothing below moves. */}
        <div className="mt-2 min-h-10">
          <DemoOffer className="flex flex-col items-center gap-1" buttonClassName={buttonVariants({ variant: "link" })} />
        </div>
      </section>

      <LandingSection
        name="features"
        anchor
        muted
        title="Everything your MCP servers need, in one place"
        lead="Other tools manage servers, or inspect them, or scan them, or ping them. MCP Console does all four, puts a guarded gateway between your agents and your servers, and remembers what happened."
      >
        <div className="mt-12 grid gap-6 sm:grid-cols-2">
          {CAPABILITIES.map(({ wide, ...capability }) =>
            wide ? (
              <div key={capability.title} className="sm:col-span-2">
                <FeatureCard {...capability} />
              </div>
            ) : (
              <FeatureCard key={capability.title} {...capability} />
            ),
          )}
        </div>
      </LandingSection>

      <LandingSection name="how" title="From URL to a guarded agent in three steps">
        <ol className="mt-12 grid gap-6 sm:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </LandingSection>

      <LandingSection
        name="pricing"
        anchor
        muted
        title="Plans"
        lead="Start free with three servers, alerts by email and webhook, and a public status page. Upgrade for longer history, the full scanner and exports."
        leadWidth="max-w-xl"
      >
        <div className="mt-12">
          <PricingTable />
        </div>
      </LandingSection>

      <LandingSection name="faq" title="Questions, answered" width="max-w-3xl">
        <div className="mt-10 divide-y rounded-xl border">
          {FAQ_TEASER.map((item) => (
            <details key={item.id} className="group p-5">
              <summary className="cursor-pointer list-none font-medium marker:hidden [&::-webkit-details-marker]:hidden">
                <span className="flex items-center justify-between gap-4">
                  {item.question}
                  <span aria-hidden="true" className="text-muted-foreground transition-transform group-open:rotate-45">
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-sm text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4">
                {item.answer}
              </p>
            </details>
          ))}
        </div>
        <p className="mt-6 text-center">
          <Link prefetch={false} href="/faq" className="font-medium text-primary underline underline-offset-4">
            Read all frequently asked questions
          </Link>
        </p>
      </LandingSection>

      <section aria-labelledby="cta-title" className="border-t bg-primary text-primary-foreground">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
            Know what your agents can reach — and whether it works
          </h2>
          <p className="max-w-2xl">
            Register your first server in two minutes. Free for three servers, with checks, the workbench and the
            scanner included.
          </p>
          <Link prefetch={false} href="/auth/register" className={buttonVariants({ size: "lg", variant: "secondary" })}>
            Create your free account
          </Link>
        </div>
      </section>

      <Suspense fallback={null}>
        <DemoLauncher />
      </Suspense>
    </>
  );
}
