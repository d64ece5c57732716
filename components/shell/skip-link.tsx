/** The first stop of the keyboard on every page: jumps past the navigation to `<main id="main">`, shown only when focused. */
export function SkipLink() {
  return (
    <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-skip focus:rounded focus:bg-background focus:px-3 focus:py-2">
      Skip to content
    </a>
  );
}
