import Link from "next/link";
import { PageIntro } from "@/components/marketing/page-intro";
import { Prose } from "@/components/marketing/prose";
import { pageMetadata } from "@/lib/site";

export const metadata = pageMetadata({
  title: "About",
  description:
    "Why we built MCP Console: one place to register, exercise, monitor, scan and audit the MCP servers that AI agents depend on — running locally, in one service.",
  path: "/about",
});

export default function AboutPage() {
  return (
    <>
      <PageIntro
        title="About MCP Console"
        lead="AI agents are only as reliable and as safe as the tools they can call. We build the console that keeps an eye on those tools."
      />
      <Prose>
        <h2>Why we built it</h2>
        <p>
          The Model Context Protocol turned &ldquo;give the model a tool&rdquo; from a custom integration into a
          standard: an agent connects to an MCP server and can use whatever it offers. Within months, teams went from
          one experimental server to dozens — some written in-house, some from vendors, some found on GitHub — and
          found that nothing watched over them.
        </p>
        <p>
          The existing tools each covered a slice. Gateways and registries manage servers but do not tell you when one
          stops working. The MCP Inspector is an excellent workbench, but it remembers nothing between sessions.
          Security scanners check tool descriptions, but some send them to a remote service to do it. General uptime
          monitors check that a port answers, and know nothing about MCP. We wanted all of it, in one place, running
          where our data already lives.
        </p>

        <h2>What we believe</h2>
        <ul>
          <li>
            <strong>Check the protocol, not the port.</strong> A server is healthy when a client can complete the
            handshake, ping it and list its tools — so that is what our health checks do.
          </li>
          <li>
            <strong>Tool descriptions are prompts.</strong> Everything a server exposes is read by a model. It deserves
            the same scrutiny as code, and it must not change silently after you reviewed it.
          </li>
          <li>
            <strong>Your data stays yours.</strong> The scanner runs locally, secrets are encrypted and never shown
            again, analytics are first-party and only with your consent, and you can export or delete everything.
          </li>
          <li>
            <strong>Simple to run.</strong> One Node service serves the site, the console and the API. It starts on an
            embedded database with no set-up, and moves to PostgreSQL when several instances share the load.
          </li>
        </ul>

        <h2>Who it is for</h2>
        <p>
          Platform teams who offer MCP servers to the rest of their company, developers who build on other people&apos;s
          servers, and security teams who need to know what their agents can reach. If you run more than one MCP server,
          or rely on one you did not write, MCP Console is for you.
        </p>

        <h2>Get in touch</h2>
        <p>
          We read every message. <Link prefetch={false} href="/contact">Write to us</Link>, read <Link prefetch={false} href="/blog">the blog</Link> for
          what we learn along the way, or <Link prefetch={false} href="/auth/register">create a free account</Link> and try it with your
          own servers.
        </p>
      </Prose>
    </>
  );
}
