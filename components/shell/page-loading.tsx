import { Spinner } from "@/components/ui/spinner";

/**
 * The spinner while a page loads. Only the pages that wait for data show
 * it, each from its own loading.tsx, rather than one boundary over a whole
 * route group: such a boundary streams before the page knows whether what
 * it shows exists (an unpublished status page, another user's server, the
 * administration for a non-admin), and the answer would be 200, not 404.
 * The public site has none at all: there a boundary sends the spinner first,
 * even in a prerendered page, and the page itself hidden until a script swaps
 * it in, so a visitor without JavaScript sees only the spinner, and the
 * largest paint waits for the script.
 */
export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}
