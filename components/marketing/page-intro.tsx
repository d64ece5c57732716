import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** The top of an information page: its one h1 and a lead paragraph; `wide` lines it up with a page as wide as the header's (the API reference). */
export function PageIntro({ title, lead, children, wide = false }: { title: string; lead: ReactNode; children?: ReactNode; wide?: boolean }) {
  return (
    <header className="border-b bg-muted/40">
      <div className={cn("mx-auto px-4 py-14 sm:px-6 sm:py-20", wide ? "max-w-6xl" : "max-w-3xl")}>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{lead}</p>
        {children}
      </div>
    </header>
  );
}
