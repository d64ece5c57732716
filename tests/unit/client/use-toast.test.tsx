import { act, fireEvent, render, renderHook, screen } from "@testing-library/react";

import { Toaster } from "@/components/ui/toaster";
import {
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  reducer,
  toast,
  useToast,
  type ToastState,
  type ToasterToast,
} from "@/components/ui/use-toast";

const item = (id: string, extra: Partial<ToasterToast> = {}): ToasterToast => ({ id, open: true, title: `T${id}`, ...extra });

describe("toast reducer", () => {
  const empty: ToastState = { toasts: [] };

  it("keeps at most one toast, the newest replacing the old", () => {
    expect(TOAST_LIMIT).toBe(1);
    const one = reducer(empty, { type: "ADD_TOAST", toast: item("1") });
    const two = reducer(one, { type: "ADD_TOAST", toast: item("2") });
    expect(two.toasts.map((t) => t.id)).toEqual(["2"]);
  });

  it("updates only the matching toast", () => {
    const state = { toasts: [item("1", { description: "old" })] };
    expect(reducer(state, { type: "UPDATE_TOAST", toast: { id: "1", description: "new" } }).toasts[0]).toEqual(
      item("1", { description: "new" }),
    );
    expect(reducer(state, { type: "UPDATE_TOAST", toast: { id: "9", description: "new" } })).toEqual(state);
  });

  it("dismisses by marking closed, one or all", () => {
    const state = { toasts: [item("1"), item("2")] };
    expect(reducer(state, { type: "DISMISS_TOAST", toastId: "2" }).toasts.map((t) => t.open)).toEqual([true, false]);
    expect(reducer(state, { type: "DISMISS_TOAST" }).toasts.map((t) => t.open)).toEqual([false, false]);
  });

  it("removes one or all", () => {
    const state = { toasts: [item("1"), item("2")] };
    expect(reducer(state, { type: "REMOVE_TOAST", toastId: "1" }).toasts.map((t) => t.id)).toEqual(["2"]);
    expect(reducer(state, { type: "REMOVE_TOAST" }).toasts).toEqual([]);
  });

  it("never mutates the previous state", () => {
    const state = Object.freeze({ toasts: Object.freeze([Object.freeze(item("1"))]) as ToasterToast[] });
    expect(() => {
      reducer(state, { type: "ADD_TOAST", toast: item("2") });
      reducer(state, { type: "UPDATE_TOAST", toast: { id: "1", title: "x" } });
      reducer(state, { type: "DISMISS_TOAST" });
      reducer(state, { type: "REMOVE_TOAST" });
    }).not.toThrow();
    expect(state.toasts[0]).toEqual(item("1"));
  });
});

describe("toast store", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    // The store is module-wide: empty it so tests do not see each other's toasts.
    const { result, unmount } = renderHook(() => useToast());
    act(() => result.current.dismiss());
    act(() => {
      jest.runOnlyPendingTimers();
    });
    unmount();
    jest.useRealTimers();
  });

  it("adds an open toast and replaces it with the next one", () => {
    const { result } = renderHook(() => useToast());
    let first!: ReturnType<typeof toast>;
    act(() => {
      first = toast({ title: "Saved" });
    });
    expect(result.current.toasts).toEqual([expect.objectContaining({ id: first.id, title: "Saved", open: true })]);

    act(() => {
      result.current.toast({ title: "Deleted", variant: "destructive" });
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ title: "Deleted", variant: "destructive", open: true });
  });

  it("updates a toast through its handle", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      const handle = toast({ title: "Uploading" });
      handle.update({ title: "Uploaded", description: "3 files" });
    });
    expect(result.current.toasts[0]).toMatchObject({ title: "Uploaded", description: "3 files", open: true });
  });

  it("marks a dismissed toast closed and removes it after exactly 1,000,000 ms", () => {
    expect(TOAST_REMOVE_DELAY).toBe(1000000);
    const { result } = renderHook(() => useToast());
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: "Bye" });
    });
    act(() => handle.dismiss());
    expect(result.current.toasts).toEqual([expect.objectContaining({ id: handle.id, open: false })]);

    act(() => {
      jest.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    });
    expect(result.current.toasts).toHaveLength(1);
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(result.current.toasts).toEqual([]);
  });

  it("dismisses every toast when no id is given", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "A" });
    });
    act(() => result.current.dismiss());
    expect(result.current.toasts.every((t) => !t.open)).toBe(true);
  });
});

describe("Toaster", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    const { result, unmount } = renderHook(() => useToast());
    act(() => result.current.dismiss());
    act(() => {
      jest.runOnlyPendingTimers();
    });
    unmount();
    jest.useRealTimers();
  });

  it("renders the current toast and dismisses it from the close button", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Server created", description: "alpha is starting" });
    });
    expect(screen.getByText("Server created")).toBeInTheDocument();
    expect(screen.getByText("alpha is starting")).toBeInTheDocument();

    const { result } = renderHook(() => useToast());
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(result.current.toasts[0]?.open).toBe(false);
    expect(screen.queryByText("Server created")).not.toBeInTheDocument();
  });
});
