import type { ReactNode } from "react";

/** The top of an information page: its one h1 and a lead paragraph. */
export function PageIntro({ title, lead, children }: { title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <header className="border-b bg-muted/40">
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{lead}</p>
        {children}
      </div>
    </header>
  );
}
