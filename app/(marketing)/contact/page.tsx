import Link from "next/link";
import { ContactForm } from "@/components/marketing/contact-form";
import { PageIntro } from "@/components/marketing/page-intro";
import { pageMetadata } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Contact",
  description:
    "Questions about MCP Console, plans, security or your account? Send us a message and we reply within two working days.",
  path: "/contact",
});

export default function ContactPage() {
  return (
    <>
      <PageIntro
        title="Contact us"
        lead="Questions about the product, an Enterprise plan, a security report or your account: write to us and a person will answer, usually within two working days."
      />
      <div className="mx-auto grid max-w-5xl gap-12 px-4 py-12 sm:px-6 md:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="mb-6 text-xl font-semibold">
            Send a message
          </h2>
          <ContactForm />
        </section>
        <aside aria-labelledby="contact-other-title" className="flex flex-col gap-4 text-sm text-muted-foreground">
          <h2 id="contact-other-title" className="text-xl font-semibold text-foreground">
            Other ways to get help
          </h2>
          <p>
            <strong className="text-foreground">Already a user?</strong> Open a support ticket from the console: it
            keeps the whole conversation in one place and can point at the server concerned.
          </p>
          <p>
            <strong className="text-foreground">Security issue?</strong> Choose a subject starting with
            &ldquo;Security&rdquo; and describe what you found. Please give us time to fix it before publishing.
          </p>
          <p>
            <strong className="text-foreground">Quick answers</strong> are often in the{" "}
            <Link prefetch={false} href="/faq" className="font-medium text-primary underline underline-offset-4">
              frequently asked questions
            </Link>
            .
          </p>
        </aside>
      </div>
    </>
  );
}
