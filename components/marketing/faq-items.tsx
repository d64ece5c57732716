import Link from "next/link";
import type { ReactNode } from "react";
import { PLANS } from "@/lib/plans/table";

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

export interface FaqSection {
  title: string;
  items: FaqItem[];
}

const free = PLANS["free tier"];
const pro = PLANS.pro;

/** The questions people ask before and after signing up; the landing page shows the first few. */
export const FAQ_SECTIONS: FaqSection[] = [
  {
    title: "The product",
    items: [
      {
        id: "what-is-mcp",
        question: "What is an MCP server?",
        answer: (
          <>
            The Model Context Protocol (MCP) is an open protocol that lets AI applications use external tools, read
            resources and fill in prompt templates. An MCP server offers those capabilities — a database, a ticket
            system, a deployment pipeline — and any MCP client, such as an agent or a desktop assistant, can connect
            to it over stdio or HTTP.
          </>
        ),
      },
      {
        id: "what-does-it-do",
        question: "What does MCP Console do with my servers?",
        answer: (
          <>
            You register the remote MCP servers you rely on, and the console lets you exercise them in a workbench
            (call tools, read resources, get prompts), checks their health on a schedule with real MCP requests,
            scans what they expose to a model for security problems, and records every action in an activity log
            you can export.
          </>
        ),
      },
      {
        id: "transports",
        question: "Which transports are supported?",
        answer: (
          <>
            Remote servers over Streamable HTTP (the current standard transport) and over the older HTTP+SSE
            transport, with optional authentication headers. Servers that only speak stdio have to be exposed over
            HTTP first, for example with a small gateway.
          </>
        ),
      },
      {
        id: "health-check",
        question: "How is a health check different from an uptime ping?",
        answer: (
          <>
            An uptime ping only proves that a port answers. Our check connects like a real client: it performs the
            MCP handshake, sends a ping and lists the tools, all within one deadline. It measures latency, marks a
            server degraded when it is slow and down after two failures in a row, and opens an incident until it
            recovers. Read more in{" "}
            <Link prefetch={false} href="/blog/remote-mcp-transports-and-health-checks">
              our post on transports and health checks
            </Link>
            .
          </>
        ),
      },
    ],
  },
  {
    title: "Security and privacy",
    items: [
      {
        id: "scanner-data",
        question: "Does the scanner send my tool descriptions anywhere?",
        answer: (
          <>
            No. The scanner runs inside the console, with pattern matching and hashing, and no AI model is involved.
            It looks for prompt injection, hidden characters, references to secrets, tool shadowing and changed
            definitions (rug pulls). Nothing you scan leaves the service.
          </>
        ),
      },
      {
        id: "headers",
        question: "How are my servers' auth headers stored?",
        answer: (
          <>
            Header values are encrypted at rest with AES-256-GCM and a key that is not stored in the database. Once
            saved, a value is never sent back to the browser in full — the interface shows a masked form — and it is
            never written to logs or to the activity log.
          </>
        ),
      },
      {
        id: "private-network",
        question: "Can the console reach servers on my private network?",
        answer: (
          <>
            The hosted console only connects to public addresses: requests to loopback, private, link-local and other
            special ranges are refused, to protect both you and us from server-side request forgery. To monitor
            internal servers, run your own instance of MCP Console inside that network.
          </>
        ),
      },
      {
        id: "cookies",
        question: "Which cookies do you use?",
        answer: (
          <>
            Only an essential session cookie and a cookie that remembers your consent choice, unless you allow
            first-party analytics. The <Link prefetch={false} href="/cookies-policy">cookies policy</Link> lists every cookie and
            storage key by name, purpose and lifetime.
          </>
        ),
      },
    ],
  },
  {
    title: "Plans and account",
    items: [
      {
        id: "free-plan",
        question: "What does the free plan include?",
        answer: (
          <>
            Up to {free.maxServers} servers, health checks every {free.minCheckIntervalSec / 60} minutes with{" "}
            {free.historyRetentionDays === 1 ? "24 hours" : `${free.historyRetentionDays} days`} of history,{" "}
            alerts by email and one more channel (a signed webhook, Slack, Discord, Microsoft Teams, PagerDuty, ntfy or Telegram) when a server goes down or recovers,{" "}
            {free.maxStatusPages === 1 ? "a public status page" : `${free.maxStatusPages} public status pages`},{" "}
            {free.workbenchCallsPerDay} workbench calls a day, the prompt-injection and transport scanner rules, and
            the full activity log. No credit card is needed.
          </>
        ),
      },
      {
        id: "paid-plans",
        question: "What do the paid plans add?",
        answer: (
          <>
            Pro raises the limits to {pro.maxServers} servers and checks every {pro.minCheckIntervalSec} seconds,
            keeps {pro.historyRetentionDays} days of history, and unlocks uptime beyond 24 hours, up to{" "}
            {pro.maxStatusPages} status pages with incident updates, every scanner rule with baselines, and CSV or
            JSON exports. Enterprise raises the limits
            further. See the <Link prefetch={false} href="/#pricing">pricing table</Link>.
          </>
        ),
      },
      {
        id: "delete-account",
        question: "Can I export my data or delete my account?",
        answer: (
          <>
            Yes. Settings has an export of all your data and a button that deletes your account: every server,
            check, finding and activity record is removed, together with your sign-in account.
          </>
        ),
      },
      {
        id: "contact",
        question: "I have another question. How do I reach you?",
        answer: (
          <>
            Use the <Link prefetch={false} href="/contact">contact form</Link>. Signed-in users can also open a support ticket from the
            console, and we answer within two working days.
          </>
        ),
      },
    ],
  },
];

/** The questions the landing page shows before linking to the full FAQ. */
export const FAQ_TEASER: FaqItem[] = [
  FAQ_SECTIONS[0].items[1],
  FAQ_SECTIONS[0].items[3],
  FAQ_SECTIONS[1].items[0],
  FAQ_SECTIONS[2].items[0],
];
