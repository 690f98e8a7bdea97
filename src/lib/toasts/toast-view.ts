// Draws the toasts of $toasts into a live region on every page (plain DOM: pages without React
// islands show them too). Each toast has a close button and a bar for its progress; hovering or
// focusing does not pause them: the spec times toasts from 1 to 0.
import { $toasts, dismissToast, tickToasts, type Toast } from '../stores/toasts';

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
  }

  // Ticks only while a toast is shown.
  let running = false;
  const frame = () => {
    tickToasts();
    if ($toasts.get().length > 0) requestAnimationFrame(frame);
    else running = false;
  };

  $toasts.subscribe((toasts) => {
    if (toasts.length > 0 && !running) {
      running = true;
      requestAnimationFrame(frame);
    }
    const ids = new Set(toasts.map((t) => t.id));
    for (const [id, item] of items) {
      if (!ids.has(id)) {
        item.root.remove();
        items.delete(id);
      }
    }
    for (const toast of toasts) {
      if (!items.has(toast.id)) create(toast);
      items.get(toast.id)!.bar.style.transform = `scaleX(${toast.progress})`;
    }
  });
}
