// The variant chosen in the product page's buy box, told to the rest of the page (the headline
// price is static HTML, not part of the island): one DOM event, and the script that shows the
// headline price of that variant (ProductPage.astro prerenders one per variant).

export const CHOSEN_VARIANT_EVENT = 'shop:variant-chosen';

export interface ChosenVariant {
  product: number;
  /** null: no variant chosen (the product's own price). */
  variant: number | null;
}

export function announceChosenVariant(detail: ChosenVariant): void {
  if (typeof document === 'undefined') return;
  document.dispatchEvent(new CustomEvent<ChosenVariant>(CHOSEN_VARIANT_EVENT, { detail }));
}

/**
 * Shows the headline price of the chosen variant: `[data-headline-price]` holds one
 * `[data-headline-for]` per variant (and an empty one for the product), all but one hidden.
 */
export function followChosenVariant(root: ParentNode = document): void {
  document.addEventListener(CHOSEN_VARIANT_EVENT, (event) => {
    const { product, variant } = (event as CustomEvent<ChosenVariant>).detail;
    const headline = root.querySelector<HTMLElement>(`[data-headline-price="${product}"]`);
    if (!headline) return;
    const wanted = variant === null ? '' : String(variant);
    const options = [...headline.querySelectorAll<HTMLElement>('[data-headline-for]')];
    if (!options.some((o) => o.dataset.headlineFor === wanted)) return;
    for (const option of options) option.hidden = option.dataset.headlineFor !== wanted;
  });
}
