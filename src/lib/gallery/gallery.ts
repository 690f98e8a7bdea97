// The product gallery (issue 14), plain DOM so the product page ships no more React for it:
// thumbnails are toggle buttons (aria-pressed) that show their picture; arrow keys move between
// pictures (on the thumbnails, the main picture's zoom button and inside the zoom); a swipe on
// the picture (pointer events: touch, pen or a dragged mouse) shows the next or previous one;
// the zoom is a modal <dialog> with the large picture, closed by Escape or its button, and the
// focus goes back to the zoom button. The markup is ProductPage.astro's.

/** How far (CSS px) a pointer must travel sideways to count as a swipe. */
export const SWIPE_DISTANCE = 40;

/** The picture after `from` by `step` (±1), wrapping round. */
export const stepIndex = (from: number, step: number, count: number): number => (count > 0 ? (((from + step) % count) + count) % count : 0);

/** A swipe's direction from where the pointer went down and came up: -1 back, 1 forward, 0 none. */
export function swipeStep(dx: number, dy: number, distance = SWIPE_DISTANCE): -1 | 0 | 1 {
  if (Math.abs(dx) < distance || Math.abs(dx) < Math.abs(dy)) return 0;
  // A finger moving left brings the next picture in, as on every phone.
  return dx < 0 ? 1 : -1;
}

const ARROWS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** Calls `onStep` for each horizontal swipe that starts on `area`. */
function onSwipe(area: HTMLElement, onStep: (step: number) => void): void {
  let start: { id: number; x: number; y: number } | null = null;
  area.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    // The zoom button and others inside the area keep their clicks.
    if ((event.target as Element).closest('button')) return;
    start = { id: event.pointerId, x: event.clientX, y: event.clientY };
  });
  area.addEventListener('pointerup', (event) => {
    if (!start || start.id !== event.pointerId) return;
    const step = swipeStep(event.clientX - start.x, event.clientY - start.y);
    start = null;
    if (step) onStep(step);
  });
  area.addEventListener('pointercancel', () => (start = null));
  // A dragged picture would start the browser's own drag and cancel the pointer.
  area.addEventListener('dragstart', (event) => event.preventDefault());
}

export function startGallery(root: HTMLElement): void {
  const main = root.querySelector<HTMLElement>('[data-gallery-main]');
  const mainImage = main?.querySelector('img');
  const thumbs = [...root.querySelectorAll<HTMLButtonElement>('[data-gallery-thumb]')];
  const status = root.querySelector('[data-gallery-status]');
  const zoom = root.querySelector<HTMLButtonElement>('[data-gallery-zoom]');
  const dialog = root.querySelector<HTMLDialogElement>('[data-gallery-dialog]');
  const large = dialog?.querySelector<HTMLImageElement>('[data-gallery-large]');
  if (!main || !mainImage) return;
  let current = 0;

  const pictureOf = (index: number) => {
    const thumb = thumbs[index];
    return thumb
      ? { src: thumb.dataset.src ?? '', srcset: thumb.dataset.srcset ?? '', alt: thumb.dataset.alt ?? '' }
      : { src: mainImage.getAttribute('src') ?? '', srcset: mainImage.getAttribute('srcset') ?? '', alt: mainImage.alt };
  };
  const paint = (image: HTMLImageElement, index: number) => {
    const picture = pictureOf(index);
    if (picture.srcset) image.srcset = picture.srcset;
    else image.removeAttribute('srcset');
    image.src = picture.src;
    image.alt = picture.alt;
  };

  const show = (index: number, focusThumb = false) => {
    if (thumbs.length === 0) return;
    current = stepIndex(index, 0, thumbs.length);
    paint(mainImage, current);
    if (dialog?.open && large) paint(large, current);
    thumbs.forEach((thumb, i) => thumb.setAttribute('aria-pressed', String(i === current)));
    if (status) status.textContent = thumbs[current]?.dataset.status ?? '';
    if (focusThumb) thumbs[current]?.focus();
  };

  thumbs.forEach((thumb, i) => thumb.addEventListener('click', () => show(i)));
  root.addEventListener('keydown', (event) => {
    const step = ARROWS[event.key];
    if (!step || thumbs.length < 2) return;
    const target = event.target as Element;
    const onThumb = thumbs.includes(target as HTMLButtonElement);
    if (!onThumb && target !== zoom && !dialog?.contains(target)) return;
    event.preventDefault();
    show(current + step, onThumb);
  });
  onSwipe(main, (step) => show(current + step));

  if (zoom && dialog && large) {
    zoom.hidden = false;
    const open = () => {
      paint(large, current);
      dialog.showModal();
    };
    zoom.addEventListener('click', open);
    mainImage.addEventListener('dblclick', open);
    dialog.querySelector('[data-gallery-close]')?.addEventListener('click', () => dialog.close());
    dialog.querySelector('[data-gallery-prev]')?.addEventListener('click', () => show(current - 1));
    dialog.querySelector('[data-gallery-next]')?.addEventListener('click', () => show(current + 1));
    // A click on the backdrop (outside the dialog's box) closes it too.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener('close', () => zoom.focus());
    onSwipe(dialog, (step) => show(current + step));
  }
  root.dataset.ready = '';
}
