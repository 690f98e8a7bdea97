// Draws the toasts of $toasts into a live region on every page (plain DOM: pages without React
// islands show them too). Each toast has a close button and a bar for its progress; hovering or
// focusing does not pause them: the spec times toasts from 1 to 0.
//
// The bar runs as an animation of its own (Web Animations, on the compositor), and the store is
// ticked once when the next toast is due, not on every frame: a script that redraws the bar 60
// times a second keeps a phone's main thread busy for the whole life of every toast.
import { $toasts, dismissToast, tickToasts, toastNow, toastProgress, type Toast } from '../stores/toasts';

const KIND_CLASS: Record<Toast['type'], string> = {
  error: 'toast-error',
  warning: 'toast-warning',
  success: 'toast-success',
  info: 'toast-info',
};

export function mountToasts(region: HTMLElement, closeLabel: string): void {
  const items = new Map<number, { root: HTMLElement; bar: HTMLElement }>();

  function create(toast: Toast) {
    const root = document.createElement('div');
    root.className = `toast ${KIND_CLASS[toast.type]}`;
    root.setAttribute('role', toast.type === 'error' ? 'alert' : 'status');
    root.dataset.toast = toast.type;
    const body = document.createElement('div');
    body.className = 'toast-body';
    if (toast.title) {
      const title = document.createElement('p');
      title.className = 'toast-title';
      title.textContent = toast.title;
      body.append(title);
    }
    const text = document.createElement('p');
    text.className = 'toast-text';
    text.textContent = toast.text;
    body.append(text);
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'toast-close';
    close.setAttribute('aria-label', closeLabel);
    close.textContent = '×';
    close.addEventListener('click', () => dismissToast(toast.id));
    const bar = document.createElement('div');
    bar.className = 'toast-progress';
    bar.setAttribute('aria-hidden', 'true');
    root.append(body, close, bar);
    region.append(root);
    items.set(toast.id, { root, bar });
    runBar(bar, toast);
  }

  // One timer for the toast due first; the store drops it (and any due with it) when it fires.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (toasts: readonly Toast[]) => {
    clearTimeout(timer);
    const now = toastNow();
    const due = toasts.filter((t) => t.duration >= 0).map((t) => t.createdAt + t.duration - now);
    if (due.length > 0) timer = setTimeout(() => tickToasts(), Math.max(0, Math.min(...due)));
  };

  $toasts.subscribe((toasts) => {
    const ids = new Set(toasts.map((t) => t.id));
    for (const [id, item] of items) {
      if (!ids.has(id)) {
        item.root.remove();
        items.delete(id);
      }
    }
    for (const toast of toasts) if (!items.has(toast.id)) create(toast);
    schedule(toasts);
  });
}

/** The bar from the toast's progress now down to 0 at its end; still (full) for a permanent one. */
function runBar(bar: HTMLElement, toast: Toast) {
  const now = toastNow();
  const progress = toastProgress(toast, now);
  bar.style.transform = `scaleX(${progress})`;
  if (toast.duration <= 0 || progress <= 0 || typeof bar.animate !== 'function') return;
  // Reduced motion: the bar stands still at where the toast started; the toast still goes on time.
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  bar.animate([{ transform: `scaleX(${progress})` }, { transform: 'scaleX(0)' }], {
    duration: toast.createdAt + toast.duration - now,
    easing: 'linear',
    fill: 'forwards',
  });
}
