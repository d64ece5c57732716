"use client";

import dynamic from "next/dynamic";
import { useToast } from "@/components/ui/use-toast";

const Toaster = dynamic(() => import("@/components/ui/toaster").then((m) => m.Toaster), { ssr: false });

/**
 * The toasts' code (Radix Toast, about 24 kB gzipped) loads with the first
 * toast, not with the page: most pages, the sign-in pages above all, never
 * raise one. The store (`use-toast`) is tiny and always there.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  return toasts.length ? <Toaster /> : null;
}
