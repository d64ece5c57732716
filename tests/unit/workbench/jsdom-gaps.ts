/** jsdom has no ResizeObserver; Radix's switch and checkbox measure themselves with one. */
export function installResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
