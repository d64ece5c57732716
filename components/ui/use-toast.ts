"use client";

import { useCallback, useSyncExternalStore, type ReactNode } from "react";

import type { ToastActionElement, ToastProps } from "@/components/ui/toast";

export const TOAST_LIMIT = 1;
/** Long on purpose: a dismissed toast stays mounted so its exit animation is never cut short. */
export const TOAST_REMOVE_DELAY = 1000000;

export type ToasterToast = Omit<ToastProps, "title" | "open"> & {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
  open: boolean;
};

export type ToastInput = Omit<ToasterToast, "id" | "open">;

export interface ToastState {
  toasts: ToasterToast[];
}

export type ToastStoreAction =
  | { type: "ADD_TOAST"; toast: ToasterToast }
  | { type: "UPDATE_TOAST"; toast: Partial<ToasterToast> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

/** Pure: timers for removal are the store's business, not the reducer's. */
export function reducer(state: ToastState, action: ToastStoreAction): ToastState {
  switch (action.type) {
    case "ADD_TOAST":
      // Newest first, so the limit drops the oldest.
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE_TOAST":
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

// ---------------------------------------------------------------------------
// Module-level store: toasts can be raised from anywhere, not only from components.

const EMPTY_STATE: ToastState = { toasts: [] };
let state: ToastState = EMPTY_STATE;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: "REMOVE_TOAST", toastId: id });
    }, TOAST_REMOVE_DELAY),
  );
}

function dispatch(action: ToastStoreAction): void {
  if (action.type === "DISMISS_TOAST") {
    const ids = action.toastId === undefined ? state.toasts.map((t) => t.id) : [action.toastId];
    ids.forEach(scheduleRemoval);
  }
  state = reducer(state, action);
  for (const listener of [...listeners]) listener();
}

let counter = 0;
function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return String(counter);
}

function dismissToast(toastId?: string): void {
  dispatch({ type: "DISMISS_TOAST", toastId });
}

export function toast(props: ToastInput): {
  id: string;
  dismiss: () => void;
  update: (next: Partial<ToastInput>) => void;
} {
  const id = nextId();
  dispatch({ type: "ADD_TOAST", toast: { ...props, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => dispatch({ type: "UPDATE_TOAST", toast: { ...next, id } }),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = (): ToastState => state;
const getServerSnapshot = (): ToastState => EMPTY_STATE;

export function useToast(): {
  toasts: ToasterToast[];
  toast: typeof toast;
  dismiss: (toastId?: string) => void;
} {
  const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const dismiss = useCallback((toastId?: string) => dismissToast(toastId), []);
  return { toasts: current.toasts, toast, dismiss };
}
