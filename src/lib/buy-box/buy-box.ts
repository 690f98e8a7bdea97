// @unocss-include (the class names below are read by UnoCSS from this .ts file too)
// The product page's buy box, in plain TypeScript so the product page ships no React (issue 14,
// item 20): BuyBox.astro renders the box as a visitor sees it (the sign-in link), this script
// reads the session, live and cart stores and copies what buyBoxView (buy-box-view.ts) decides
// into that markup. Cart and wishlist exist only for a signed-in customer: their stores are
// fetched when there is one, so visitors download none of it (as the header does).
import { cachedPrice } from '../cache/price-cache';
import { announceChosenVariant } from '../chosen-variant';
import { createT } from '../i18n/client-messages';
import { badgeFillerAsksFor } from '../live/live-filler';
import { $liveProducts, $liveStatus, requestLiveProducts } from '../live/live-products';
import type * as CartStore from '../stores/cart';
import { $session, $shopFor, pageLocale } from '../stores/session';
import { showToast } from '../stores/toasts';
import type * as WishlistStore from '../stores/wishlist';
import { decideAdd } from './buy-box-add';
import { parseBuyBoxConfig } from './buy-box-config';
import { buyBoxView, type BuyBoxInput, type BuyBoxView, type BuyBoxWords } from './buy-box-view';

const ERROR_CLASS = 'm-0 mt-1 text-sm font-semibold text-error';
const QTY_BORDER = { valid: 'border-secondary', invalid: 'border-error' } as const;

/** Writes only what changed: a live region says again whatever is written into it. */
function setText(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

function setAttribute(el: Element, name: string, value: string | null): void {
  if (value === null) el.removeAttribute(name);
  else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

type ShopStores = [typeof CartStore, typeof WishlistStore];
let shopStores: Promise<ShopStores> | null = null;
function loadShopStores(): Promise<ShopStores> {
  shopStores ??= Promise.all([import('../stores/cart'), import('../stores/wishlist')]).catch((failure: unknown) => {
    // A chunk that did not arrive (network gone) is asked again on the next press.
    shopStores = null;
    throw failure;
  });
  return shopStores;
}

export function startBuyBox(form: HTMLFormElement): void {
  const config = parseBuyBoxConfig(form.querySelector('[data-buy-box-config]')?.textContent);
  const qty = form.querySelector<HTMLInputElement>('[data-buy-qty]');
  const stockLine = form.querySelector<HTMLElement>('[data-buy-stock]');
  const addButton = form.querySelector<HTMLButtonElement>('[data-add-to-cart]');
  if (!config || !qty || !stockLine || !addButton) return;
  const priceLine = form.querySelector<HTMLElement>('[data-customer-price]');
  const priceNote = form.querySelector<HTMLElement>('[data-price-note]');
  const priceKnown = form.querySelector<HTMLElement>('[data-price-known]');
  const priceValue = form.querySelector<HTMLElement>('[data-price-value]');
  const vatLabel = form.querySelector<HTMLElement>('[data-vat-label]');
  const radios = [...form.querySelectorAll<HTMLInputElement>('input[name="variant"]')];
  const login = form.querySelector<HTMLElement>('[data-buy-login]');
  const chooseCustomer = form.querySelector<HTMLElement>('[data-buy-choose-customer]');
  const wishlistButton = form.querySelector<HTMLButtonElement>('[data-add-to-wishlist]');

  const { product, variants } = config;
  const words: BuyBoxWords = { t: createT(config.messages, pageLocale()), locale: pageLocale() };
  // The stores' calls never throw; only their code not arriving does.
  const unreachable = () => void showToast({ type: 'error', text: words.t('errors.network') });
  // A version ticked before the script ran (or kept by the browser on "back") counts.
  const ticked = radios.find((r) => r.checked);
  let variantId: number | null = ticked ? Number(ticked.value) : null;
  let cartRows: BuyBoxInput['cartRows'] = [];
  let adding = false;
  let error: string | null = null;
  let qtyInvalid = false;
  let errorEl: HTMLElement | null = null;
  let stockPainted: string | null = null;
  let announced: string | null = null;

  const currentView = (): BuyBoxView =>
    buyBoxView(
      {
        session: $session.get(),
        product,
        variants,
        variantId,
        liveStatus: $liveStatus.get()[product.id],
        live: $liveProducts.get()[product.id],
        cartRows,
        keptPrice: cachedPrice,
        adding,
      },
      words,
    );

  const paintPrice = (view: BuyBoxView) => {
    if (!priceLine) return;
    priceLine.hidden = view.price === null;
    if (!view.price) return;
    setAttribute(priceLine, 'data-customer-price', view.price.status);
    const known = view.price.status === 'ready' || view.price.status === 'cached' ? view.price : null;
    if (priceNote) {
      priceNote.hidden = known !== null;
      if (!known && 'text' in view.price) setText(priceNote, view.price.text);
    }
    if (priceKnown) priceKnown.hidden = known === null;
    if (known && priceValue) setText(priceValue, known.amount);
    if (known && vatLabel) {
      setAttribute(vatLabel, 'data-vat-label', known.vat);
      setText(vatLabel, ` ${known.vatText}`);
    }
  };

  const paintStock = (view: BuyBoxView) => {
    const { checking, availability, inCart } = view.stockLine;
    setAttribute(stockLine, 'aria-busy', checking ? 'true' : null);
    const parts: (string | Node)[] = [];
    if (checking) parts.push(words.t('shop.buyBox.checkingStock'));
    else if (availability) {
      const span = document.createElement('span');
      span.dataset.availability = availability.state;
      span.textContent = availability.text;
      parts.push(span);
    }
    if (inCart) parts.push(`${checking || availability ? ' · ' : ''}${inCart}`);
    // Compared as text and state, so an unchanged line is not rewritten (it describes the field).
    const signature = `${availability?.state ?? ''}|${parts.map((p) => (typeof p === 'string' ? p : p.textContent)).join('')}`;
    if (stockPainted !== signature) {
      stockLine.replaceChildren(...parts);
      stockPainted = signature;
    }
  };

  const paintError = () => {
    if (error === null) {
      errorEl?.remove();
      errorEl = null;
      return;
    }
    if (!errorEl) {
      errorEl = document.createElement('p');
      errorEl.id = `${stockLine.id}-error`;
      errorEl.setAttribute('role', 'alert');
      errorEl.className = ERROR_CLASS;
      errorEl.dataset.buyError = '';
      stockLine.after(errorEl);
    }
    setText(errorEl, error);
  };

  /** The page's headline follows the chosen item and, once known, the customer's own price of it. */
  const announce = (view: BuyBoxView) => {
    const signature = `${variantId}|${view.headline?.amount ?? ''}|${view.headline?.vatText ?? ''}`;
    if (signature === announced) return;
    // Nothing to say until a version is chosen or the customer's price is known.
    if (announced !== null || variantId !== null || view.headline) announceChosenVariant({ product: product.id, variant: variantId, customerPrice: view.headline });
    announced = signature;
  };

  const render = () => {
    const view = currentView();
    form.dataset.live = view.live;
    paintPrice(view);
    announce(view);
    for (const radio of radios) {
      const label = radio.closest('label');
      const soldOut = label?.querySelector<HTMLElement>('[data-variant-sold-out]');
      if (soldOut) soldOut.hidden = !view.soldOutVariants.has(Number(radio.value));
      const shown = label?.querySelector<HTMLElement>('[data-variant-price]');
      const own = view.variantPrices.get(Number(radio.value));
      if (shown && own) setText(shown, own);
    }
    setAttribute(qty, 'max', view.maxQty === undefined ? null : String(view.maxQty));
    setAttribute(qty, 'aria-invalid', qtyInvalid ? 'true' : null);
    qty.classList.toggle(QTY_BORDER.invalid, qtyInvalid);
    qty.classList.toggle(QTY_BORDER.valid, !qtyInvalid);
    paintStock(view);
    paintError();
    if (login) login.hidden = view.actions !== 'login';
    if (chooseCustomer) chooseCustomer.hidden = view.actions !== 'choose-customer';
    addButton.hidden = view.actions !== 'buy';
    if (wishlistButton) wishlistButton.hidden = view.actions !== 'buy';
    addButton.disabled = view.addButton.disabled;
    setAttribute(addButton, 'aria-disabled', view.addButton.busy ? 'true' : null);
    setText(addButton, view.addButton.text);
  };

  for (const radio of radios) {
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      variantId = Number(radio.value);
      error = null;
      render();
    });
  }
  qty.addEventListener('input', () => {
    error = null;
    qtyInvalid = false;
    render();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // A second press while the first is on its way does nothing (the button stays focusable).
    if (adding) return;
    const view = currentView();
    const decision = decideAdd({ qty: qty.value, needsVariant: view.needsVariant, inCart: view.inCart, stock: view.stock }, words.t);
    if (decision.kind === 'choose-version') {
      error = decision.text;
      return render();
    }
    if (decision.kind === 'refuse') {
      // Quantity errors are error toasts, as on the cart page (spec section 8); the field is marked.
      qtyInvalid = true;
      showToast({ type: 'error', text: decision.text });
      return render();
    }
    error = null;
    qtyInvalid = false;
    adding = true;
    render();
    const stock = view.stock;
    const chosen = variantId;
    void loadShopStores()
      // Without live stock (the call failed) the API's cart rules decide.
      .then(([{ addToCart }]) => addToCart(product.id, decision.qty, chosen, stock))
      .catch(unreachable)
      .finally(() => {
        adding = false;
        render();
        // The focus stays where the shopper is (issue 14): if anything took it, it comes back.
        if (document.activeElement === document.body || document.activeElement === null) addButton.focus();
      });
  });
  wishlistButton?.addEventListener('click', () => void loadShopStores().then(([, { addToWishlist }]) => addToWishlist(product.id)).catch(unreachable));

  $session.listen(render);
  $liveProducts.listen(render);
  $liveStatus.listen(render);
  let shopStarted = false;
  let listsStarted = false;
  $shopFor.subscribe((key) => {
    // A business customer may also keep the product in a saved list (issue 16): its own small
    // script, fetched only then.
    if (key && !listsStarted && $session.get().customer?.kind === 'b2b') {
      listsStarted = true;
      void import('./add-to-list').then((m) => m.startAddToList(form, () => variantId)).catch(() => (listsStarted = false));
    }
    if (!key || shopStarted) return;
    shopStarted = true;
    // The stores follow customer and season changes themselves (the cart empties without one).
    void loadShopStores()
      .then(([{ $cart, initCart }, { initWishlist }]) => {
        initCart();
        initWishlist();
        $cart.subscribe((cart) => {
          cartRows = cart.rows;
          render();
        });
      })
      .catch(() => (shopStarted = false));
  });
  // The page's badge of this product makes the filler ask for it with the page's other products,
  // in one call, whichever script runs first; only a page without that badge asks here.
  if (!badgeFillerAsksFor(product.id)) requestLiveProducts([product.id], { complete: true });
  render();
  form.dataset.hydrated = '';
}
