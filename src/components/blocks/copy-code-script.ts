// The copy button of coupon blocks: one delegated click listener for the whole document, so it
// also serves buttons the editor preview renders later, and no component needs hydrating.
const RESET_AFTER_MS = 4000;

function selectText(element: Element) {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

async function copy(button: HTMLButtonElement) {
  const code = button.dataset.copyCode ?? '';
  const block = button.closest('[data-block="coupon"]');
  const status = block?.querySelector<HTMLElement>('[data-copy-status]');
  let message: string | undefined;
  try {
    await navigator.clipboard.writeText(code);
    message = button.dataset.copied;
  } catch {
    // No clipboard (old browser, denied permission): select the code so Ctrl+C copies it.
    const shown = block?.querySelector('[data-coupon-code]');
    if (shown) selectText(shown);
    message = button.dataset.copyFailed;
  }
  if (!status || !message) return;
  status.textContent = message;
  window.setTimeout(() => {
    if (status.textContent === message) status.textContent = '';
  }, RESET_AFTER_MS);
}

export function wireCopyButtons(root: Document = document) {
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-copy-code]') : null;
    if (target) void copy(target);
  });
}
