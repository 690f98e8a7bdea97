// Toast messages (spec sections 3, 4 and 8): four kinds, a progress that runs from 1 to 0 over
// the duration (default 5 s; a negative duration keeps the toast until closed), switchable
// globally and per kind. Shown by src/lib/toasts/toast-view.ts on every page, without React.
import { atom } from 'nanostores';

export const TOAST_KINDS = ['error', 'warning', 'success', 'info'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];
export const DEFAULT_TOAST_MS = 5000;

export interface Toast {
  id: number;
  type: ToastKind;
  title: string | null;
  text: string;
  /** 1 when shown, 0 when it goes; always 1 for a permanent toast. */
  progress: number;
  /** Milliseconds; negative means permanent. */
  duration: number;
  createdAt: number;
  data?: unknown;
}

export interface ToastSwitches {
  enabled: boolean;
  kinds: Record<ToastKind, boolean>;
}

export const $toasts = atom<Toast[]>([]);
export const $toastSwitches = atom<ToastSwitches>({ enabled: true, kinds: { error: true, warning: true, success: true, info: true } });

let nextId = 1;
let clock: () => number = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
export const setToastClock = (now: () => number) => void (clock = now);
/** The clock toasts are timed by (createdAt, expiry). */
export const toastNow = () => clock();

export interface ToastInput {
  type: ToastKind;
  text: string;
  title?: string | null;
  duration?: number;
  data?: unknown;
}

/** Adds a toast unless messages (or this kind) are switched off; answers its id or null. */
export function showToast(input: ToastInput): number | null {
  const switches = $toastSwitches.get();
  if (!switches.enabled || !switches.kinds[input.type]) return null;
  const toast: Toast = {
    id: nextId++,
    type: input.type,
    title: input.title ?? null,
    text: input.text,
    progress: 1,
    duration: input.duration ?? DEFAULT_TOAST_MS,
    createdAt: clock(),
    data: input.data,
  };
  $toasts.set([...$toasts.get(), toast]);
  return toast.id;
}

export const dismissToast = (id: number) => $toasts.set($toasts.get().filter((t) => t.id !== id));

/** Progress of a toast at a time: from 1 down to 0 over its duration. */
export function toastProgress(toast: Pick<Toast, 'duration' | 'createdAt'>, at: number): number {
  if (toast.duration < 0) return 1;
  if (toast.duration === 0) return 0;
  return Math.max(0, Math.min(1, 1 - (at - toast.createdAt) / toast.duration));
}

/** Moves every toast's progress on and drops those that reached 0. */
export function tickToasts(at: number = clock()): void {
  const current = $toasts.get();
  if (current.length === 0) return;
  const next = current.map((t) => ({ ...t, progress: toastProgress(t, at) })).filter((t) => t.progress > 0);
  $toasts.set(next);
}

export function setToastsEnabled(enabled: boolean, kind?: ToastKind): void {
  const switches = $toastSwitches.get();
  $toastSwitches.set(kind ? { ...switches, kinds: { ...switches.kinds, [kind]: enabled } } : { ...switches, enabled });
}

export const clearToasts = () => $toasts.set([]);
