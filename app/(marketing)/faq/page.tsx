import Link from "next/link";
import { FAQ_SECTIONS } from "@/components/marketing/faq-items";
import { PageIntro } from "@/components/marketing/page-intro";
import { PROSE_CLASSES } from "@/components/marketing/prose";
import { pageMetadata } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Frequently asked questions",
  description:
    "Answers about MCP Console: supported transports, MCP-aware health checks, the local security scanner, how auth headers are stored, plans and your data.",
  path: "/faq",
});

export default function FaqPage() {
  return (
    <>
      <PageIntro
        title="Frequently asked questions"
        lead="What MCP Console does, how it treats your servers and your data, and what each plan includes."
      />
      <div className={`mx-auto max-w-3xl px-4 pb-16 sm:px-6 ${PROSE_CLASSES}`}>
        {FAQ_SECTIONS.map((section, index) => (
          <section key={section.title} aria-labelledby={`faq-section-${index}`}>
            <h2 id={`faq-section-${index}`}>{section.title}</h2>
            {section.items.map((item) => (
              <div key={item.id} id={item.id}>
                <h3>{item.question}</h3>
                <p className="text-muted-foreground">{item.answer}</p>
              </div>
            ))}
          </section>
        ))}
        <p className="mt-12">
          Still wondering about something? <Link prefetch={false} href="/contact">Send us a message</Link>.
        </p>
      </div>
    </>
  );
}
