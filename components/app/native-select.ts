import { cn } from "@/lib/utils";

/**
 * A native <select> styled like `Input`: every browser and screen reader knows
 * it, and the schema form's enum picker gives it any JSON value by index.
 */
export const nativeSelectClass = cn(
  "flex h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-sm shadow-sm",
  "transition-colors outline-hidden",
  "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
  "disabled:cursor-not-allowed disabled:opacity-50",
  "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive",
);
