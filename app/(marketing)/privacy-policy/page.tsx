import Link from "next/link";
import { PageIntro } from "@/components/marketing/page-intro";
import { Prose } from "@/components/marketing/prose";
import { pageMetadata } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Privacy policy",
  description:
    "What personal data MCP Console collects, why, how long it is kept, who processes it, and how to export or delete it.",
  path: "/privacy-policy",
});

export default function PrivacyPolicyPage() {
  return (
    <>
      <PageIntro
        title="Privacy policy"
        lead="What we collect when you use MCP Console, why, for how long, and what you can do about it. Last updated 15 November 2026."
      />
      <Prose>
        <h2>Who we are</h2>
        <p>
          MCP Console (&ldquo;we&rdquo;, &ldquo;us&rdquo;) operates this website and the console at this address, and
          is the controller of the personal data described here. You can reach us through the{" "}
          <Link prefetch={false} href="/contact">contact form</Link>.
        </p>

        <h2>What we collect</h2>
        <h3>Your account</h3>
        <p>
          Your email address, display name, profile picture address (when a sign-in provider gives one), whether your
          email is verified, your role and plan, and when you last signed in. Passwords are handled by our identity
          provider; we never see or store them.
        </p>
        <h3>What you put in the console</h3>
        <p>
          The servers you register (names, addresses, descriptions, tags and authentication headers), their tools,
          resources and prompts as the servers report them, health-check results, scan findings, your workbench calls
          and their results, support tickets and notification settings. Authentication header values are encrypted at
          rest and never shown again in full.
        </p>
        <h3>Activity and security records</h3>
        <p>
          Every action in the console is recorded in your activity log with the time, your IP address and your
          browser&apos;s user agent. We use these records to show you what happened, to investigate abuse, and to
          enforce rate limits.
        </p>
        <h3>Messages</h3>
        <p>
          When you use the contact form we store your name, email address, subject, message, IP address and user agent
          so that we can answer you and keep spam out.
        </p>
        <h3>Analytics, only with your consent</h3>
        <p>
          If you allow analytics, we record page views, page load timing, sign-ups, sign-ins, servers created,
          workbench calls and client-side errors (messages cut to 500 characters), with the page address, the campaign
          parameters of the link that brought you, and — when you are signed in — your account. These events are
          stored on our own servers; no third-party analytics service receives them. Without your consent nothing is
          recorded. See the <Link prefetch={false} href="/cookies-policy">cookies policy</Link>.
        </p>

        <h2>Why we use it</h2>
        <ul>
          <li>To provide the service you signed up for: your account, your servers, checks, scans and logs (contract).</li>
          <li>To keep the service secure and prevent abuse: rate limits, activity records, spam filtering (legitimate interest).</li>
          <li>To answer your messages and support tickets (legitimate interest, or contract for customers).</li>
          <li>To understand and improve how the site is used, only if you allowed analytics (consent).</li>
          <li>To send the alerts you configured, by email or webhook (contract).</li>
        </ul>

        <h2>Who processes it</h2>
        <p>
          Our identity provider, Firebase Authentication by Google, processes your sign-in. Our hosting provider stores
          the database. When you configure email alerts, our email provider delivers them. We do not sell personal data
          and do not share it with advertisers. The MCP servers you register receive the requests you or your scheduled
          checks send to them, with the headers you configured.
        </p>

        <h2>How long we keep it</h2>
        <ul>
          <li>Your account and console data: until you delete your account.</li>
          <li>Health-check history: as long as your plan keeps it (24 hours on the free plan), then deleted automatically.</li>
          <li>Contact messages: up to two years, then deleted.</li>
          <li>Analytics events: up to 13 months.</li>
          <li>Rate-limit counters: minutes to hours.</li>
        </ul>

        <h2>Your rights</h2>
        <p>
          You can see, correct and export your data from Settings, and delete your account there: deletion removes
          every record tied to your account and your sign-in account with the identity provider. You can withdraw
          analytics consent at any time with the cookie button at the bottom left of every page. Depending on where you
          live you may also have the right to object to processing, to restrict it, and to complain to your data
          protection authority. For any request, <Link prefetch={false} href="/contact">contact us</Link>; we answer within 30 days.
        </p>

        <h2>Security</h2>
        <p>
          Connections to the console use HTTPS. Sessions are sealed cookies that scripts cannot read. Stored
          authentication headers are encrypted with AES-256-GCM. The console refuses to connect to private network
          addresses on your behalf, and secrets are redacted from our logs.
        </p>

        <h2>Changes</h2>
        <p>
          When we change this policy we update the date at the top, and for significant changes we tell signed-in users
          in the console before they take effect.
        </p>
      </Prose>
    </>
  );
}
