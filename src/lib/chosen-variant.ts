// The variant chosen in the product page's buy box, told to the rest of the page (the headline
// price is static HTML, not part of the island): one DOM event, and the script that shows the
// headline price of that variant (ProductPage.astro prerenders one per variant), or the signed-in
// customer's own price of it once the buy box knows it (ADR 0014).

export const CHOSEN_VARIANT_EVENT = 'shop:variant-chosen';

export interface ChosenVariant {
  product: number;
  /** null: no variant chosen (the product's own price). */
  variant: number | null;
  /** The customer's own price of the chosen item (formatted) when it is not the public one. */
  customerPrice?: { amount: string; vatText: string } | null;
}

export function announceChosenVariant(detail: ChosenVariant): void {
  if (typeof document === 'undefined') return;
  document.dispatchEvent(new CustomEvent<ChosenVariant>(CHOSEN_VARIANT_EVENT, { detail }));
}

/**
 * Shows the headline price of the chosen variant: `[data-headline-price]` holds one
 * `[data-headline-for]` per variant (and an empty one for the product), all but one hidden, and
 * one `[data-headline-for="customer"]` that shows the customer's own price instead.
 */
export function followChosenVariant(root: ParentNode = document): void {
  document.addEventListener(CHOSEN_VARIANT_EVENT, (event) => {
    const { product, variant, customerPrice } = (event as CustomEvent<ChosenVariant>).detail;
    const headline = root.querySelector<HTMLElement>(`[data-headline-price="${product}"]`);
    if (!headline) return;
    const own = headline.querySelector<HTMLElement>('[data-headline-for="customer"]');
    let wanted = variant === null ? '' : String(variant);
    if (customerPrice && own) {
      wanted = 'customer';
      const amount = own.querySelector('[data-headline-amount]');
      const vat = own.querySelector('[data-headline-vat]');
      if (amount) amount.textContent = customerPrice.amount;
      if (vat) vat.textContent = customerPrice.vatText;
    }
    const options = [...headline.querySelectorAll<HTMLElement>('[data-headline-for]')];
    if (!options.some((o) => o.dataset.headlineFor === wanted)) return;
    for (const option of options) option.hidden = option.dataset.headlineFor !== wanted;
  });
}
