import Link from "next/link";
import type { ReactNode } from "react";
import { LEGAL_LINKS, PUBLIC_NAV, SITE } from "@/lib/site";
import { Logo } from "./logo";

const PRODUCT_LINKS = [...PUBLIC_NAV, { href: "/get-started", label: "Get started" }, { href: "/docs/api", label: "API reference" }, { href: "/?demo=open", label: "Product tour" }];

export function SiteFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-[2fr_1fr_1fr] sm:px-6">
        <div className="flex flex-col gap-3">
          <Link prefetch={false} href="/" className="flex items-center gap-2 font-semibold text-foreground" aria-label={`${SITE.name} home`}>
            <Logo className="size-6" />
            <span>{SITE.name}</span>
          </Link>
          <p className="max-w-sm text-muted-foreground">
            Register, explore, monitor and secure the MCP servers your agents depend on.
          </p>
          <p className="text-muted-foreground">
            © {new Date().getFullYear()} {SITE.name}
          </p>
        </div>
        <FooterLinks label="Product" title="Product" links={PRODUCT_LINKS} />
        <FooterLinks label="Legal" title="Company" links={LEGAL_LINKS}>
          {/* Opened by the consent code (components/consent/consent-root.tsx): the footer itself ships no script. */}
          <button type="button" data-cookie-preferences aria-haspopup="dialog" className="w-fit text-left text-muted-foreground hover:text-foreground">
            Cookie preferences
          </button>
        </FooterLinks>
      </div>
    </footer>
  );
}

function FooterLinks({ label, title, links, children }: { label: string; title: string; links: readonly { href: string; label: string }[]; children?: ReactNode }) {
  return (
    <nav aria-label={label} className="flex flex-col gap-2">
      <p className="font-semibold text-foreground">{title}</p>
      {links.map((l) => (
        <Link prefetch={false} key={l.href} href={l.href} className="text-muted-foreground hover:text-foreground">
          {l.label}
        </Link>
      ))}
      {children}
    </nav>
  );
}
