import Link from "next/link";
import { PageIntro } from "@/components/marketing/page-intro";
import { Prose } from "@/components/marketing/prose";
import { pageMetadata } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Terms of service",
  description:
    "The terms for using MCP Console: your account, acceptable use of the workbench and monitoring, plans and limits, your content, availability and liability.",
  path: "/terms-of-service",
});

export default function TermsOfServicePage() {
  return (
    <>
      <PageIntro
        title="Terms of service"
        lead="The agreement between you and MCP Console when you use the website and the console. Last updated 15 November 2026."
      />
      <Prose>
        <h2>1. The service</h2>
        <p>
          MCP Console lets you register Model Context Protocol servers, exercise them in a workbench, monitor them with
          scheduled health checks, scan their definitions for security problems and keep an activity log. By creating
          an account or using the console you accept these terms.
        </p>

        <h2>2. Your account</h2>
        <p>
          You need an account to use the console, and you must give a valid email address. Keep your sign-in
          credentials to yourself; you are responsible for what happens under your account. Tell us at once through the{" "}
          <Link prefetch={false} href="/contact">contact form</Link> if you think someone else has access to it.
        </p>

        <h2>3. Acceptable use</h2>
        <p>Register and call only servers you are allowed to use. In particular, do not use the console to:</p>
        <ul>
          <li>probe, scan, load-test or attack servers or networks you do not own or have permission to test;</li>
          <li>reach private or internal networks, or work around the console&apos;s network restrictions;</li>
          <li>send requests that break the law or the terms of the servers you call;</li>
          <li>store credentials you are not entitled to use;</li>
          <li>overload the service or get around plan limits and rate limits.</li>
        </ul>
        <p>
          We may suspend scheduled checks or accounts that put the service or others at risk, and will tell you why
          unless the law or an ongoing investigation prevents it.
        </p>

        <h2>4. Plans, limits and payment</h2>
        <p>
          The free plan is free of charge. Paid plans raise the limits and unlock features as shown in the{" "}
          <Link prefetch={false} href="/#pricing">pricing table</Link>. A paid plan runs for the period agreed with you; when it ends
          without renewal your account returns to the free plan, and data beyond the free plan&apos;s limits (for
          example check history older than 24 hours) is deleted by the normal retention process.
        </p>

        <h2>5. Your content</h2>
        <p>
          You keep all rights to the data you put in the console and to what your servers return. You give us only the
          permission we need to store and process it to provide the service. You can export it and delete it at any
          time from Settings.
        </p>

        <h2>6. Availability and changes</h2>
        <p>
          We work to keep the console available and the checks on schedule, but we do not guarantee uninterrupted
          service. We may change or improve features; if we remove a feature a paid plan relies on, we will tell you in
          advance.
        </p>

        <h2>7. Security findings</h2>
        <p>
          The scanner reports patterns that often indicate problems. A clean scan is not a guarantee that a server is
          safe, and a finding is not proof that it is malicious. You stay responsible for deciding which servers your
          agents may use.
        </p>

        <h2>8. Liability</h2>
        <p>
          The service is provided &ldquo;as is&rdquo;. To the extent the law allows, we are not liable for indirect or
          consequential losses, or for the behaviour of third-party MCP servers you register. Nothing in these terms
          limits liability that cannot be limited by law.
        </p>

        <h2>9. Ending the agreement</h2>
        <p>
          You can stop using the console and delete your account at any time. We may end these terms for an account
          that seriously or repeatedly breaks them.
        </p>

        <h2>10. Contact</h2>
        <p>
          Questions about these terms? <Link prefetch={false} href="/contact">Contact us</Link>. Our{" "}
          <Link prefetch={false} href="/privacy-policy">privacy policy</Link> explains how we handle personal data.
        </p>
      </Prose>
    </>
  );
}
