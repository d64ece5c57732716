"use client";

import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadError } from "@/components/app/load-error";
import { Loading } from "@/components/app/loading";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ApiError } from "@/lib/api-client/api-error";

/** One section of a detail page; `render` also gets a way to open another section (a link from one tab to the next). */
export interface DetailTab<T> {
  value: string;
  label: string;
  render: (data: T, open: (tab: string) => void) => ReactNode;
}

/** What a detail page shows of its thing: where it comes from, and what stands in while it loads or when it is not found. */
interface DetailProps<T> {
  query: UseQueryResult<T>;
  /** "server": in "Loading the server…" and "Could not load this server." */
  noun: string;
  /** The shape of the first tab's content while the page loads. */
  skeleton: ReactNode;
  notFound: ReactNode;
  back: string;
  backLabel: string;
  heading: (data: T) => ReactNode;
  actions: (data: T) => ReactNode;
  tabs: readonly DetailTab<T>[];
  tabsLabel: string;
}

/**
 * The page of one thing the user owns (a server, a gateway): a link back to
 * the list, its heading with its actions beside it, and its sections as tabs;
 * while it loads, their shapes; when the API answers 404, `notFound`.
 */
export function DetailPage<T>({ query, noun, skeleton, notFound, ...page }: DetailProps<T>) {
  if (query.isPending) {
    return (
      <Loading label={`Loading the ${noun}…`} className="flex flex-col gap-6">
        <Skeleton className="h-4 w-24" />
        <div className="flex flex-col gap-2">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-4 w-96 max-w-full" />
        </div>
        <Skeleton className="h-9 w-96 max-w-full" />
        {skeleton}
      </Loading>
    );
  }
  if (query.isError) return query.error instanceof ApiError && query.error.status === 404 ? notFound : <LoadError what={`this ${noun}`} query={query} />;
  return <Detail data={query.data} {...page} />;
}

/**
 * The tab lives in the URL (`?tab=`, absent for the first), so a reload or a
 * shared link opens the same one; each tab is an entry of the history, so
 * Back returns to the tab before.
 */
function Detail<T>({ data, back, backLabel, heading, actions, tabs, tabsLabel }: Omit<DetailProps<T>, "query" | "noun" | "skeleton" | "notFound"> & { data: T }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const requested = searchParams.get("tab");
  const tab = tabs.some((t) => t.value === requested) ? requested! : tabs[0].value;

  function open(value: string) {
    const params = new URLSearchParams(searchParams.toString());
    if (value === tabs[0].value) params.delete("tab");
    else params.set("tab", value);
    const qs = params.toString();
    router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4">
        <Link
          href={back}
          className="inline-flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {backLabel}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 flex-col gap-2">{heading(data)}</div>
          <div className="flex flex-wrap gap-2">{actions(data)}</div>
        </div>
      </div>
      <Tabs value={tab} onValueChange={open}>
        <TabsList aria-label={tabsLabel}>
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value} className="mt-4">
            {t.render(data, open)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
