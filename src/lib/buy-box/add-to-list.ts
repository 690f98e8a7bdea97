// @unocss-include
// "Add to a list" in the product page's buy box (issue 16), for a business customer: a panel
// drawn hidden by BuyBox.astro opens under the button, offers the customer's saved lists or a
// new one, and saves the product (the version chosen, the quantity typed) there. Fetched by the
// buy box script only for a business customer, so nobody else downloads it.
import { $savedLists, loadSavedLists, saveLinesToList, type ListTarget } from '../stores/saved-lists';
import { $session } from '../stores/session';
import { showToast } from '../stores/toasts';
import { parseBuyBoxConfig } from './buy-box-config';

interface Words {
  saved: string;
  failed: string;
  nameRequired: string;
  nameTaken: string;
  chooseVersion: string;
  badQuantity: string;
  loading: string;
}

export function startAddToList(form: HTMLFormElement, chosenVariant: () => number | null): void {
  const button = form.querySelector<HTMLButtonElement>('[data-add-to-list]');
  const panel = form.querySelector<HTMLElement>('[data-list-panel]');
  const select = panel?.querySelector<HTMLSelectElement>('[data-list-select]');
  const nameBox = panel?.querySelector<HTMLElement>('[data-list-new]');
  const name = panel?.querySelector<HTMLInputElement>('[data-list-name]');
  const message = panel?.querySelector<HTMLElement>('[data-list-message]');
  const save = panel?.querySelector<HTMLButtonElement>('[data-list-save]');
  const cancel = panel?.querySelector<HTMLButtonElement>('[data-list-cancel]');
  const config = parseBuyBoxConfig(form.querySelector('[data-buy-box-config]')?.textContent);
  if (!button || !panel || !select || !nameBox || !name || !message || !save || !cancel || !config) return;
  const words = JSON.parse(panel.dataset.words ?? '{}') as Words;
  const needsVariant = config.variants.length > 0;

  const say = (text: string, error = false) => {
    message.textContent = text;
    message.classList.toggle('text-error', error);
    message.setAttribute('role', error ? 'alert' : 'status');
  };
  const fillLists = () => {
    const keep = select.value;
    const first = select.options[0]!;
    select.replaceChildren(first, ...$savedLists.get().lists.map((l) => new Option(l.name, String(l.id))));
    select.value = [...select.options].some((o) => o.value === keep) ? keep : 'new';
    nameBox.hidden = select.value !== 'new';
  };
  const open = (opened: boolean) => {
    panel.hidden = !opened;
    button.setAttribute('aria-expanded', String(opened));
    if (!opened) return;
    say('');
    if (!$savedLists.get().ready) {
      say(words.loading);
      void loadSavedLists().then(() => say(''));
    }
    select.focus();
  };

  const submit = async () => {
    const variant = chosenVariant();
    if (needsVariant && variant === null) return say(words.chooseVersion, true);
    const qtyText = form.querySelector<HTMLInputElement>('[data-buy-qty]')?.value.trim() ?? '1';
    const qty = Number(qtyText);
    if (!/^\d{1,5}$/.test(qtyText) || qty < 1) return say(words.badQuantity, true);
    const target: ListTarget = select.value === 'new' ? { name: name.value.trim() } : { id: Number(select.value) };
    if ('name' in target && target.name === '') {
      name.focus();
      return say(words.nameRequired, true);
    }
    save.disabled = true;
    const result = await saveLinesToList(target, [{ product: config.product.id, variant, qty }]);
    save.disabled = false;
    if (!result.ok) return say(result.key === 'b2b.lists.nameTaken' ? words.nameTaken : words.failed, true);
    name.value = '';
    open(false);
    showToast({ type: 'success', text: words.saved.replace('{name}', result.data.list.name) });
    button.focus();
  };

  button.addEventListener('click', () => open(panel.hidden));
  select.addEventListener('change', () => (nameBox.hidden = select.value !== 'new'));
  save.addEventListener('click', () => void submit());
  cancel.addEventListener('click', () => {
    open(false);
    button.focus();
  });
  // Enter in the panel saves to the list; it must not submit the buy box (that adds to the cart).
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      open(false);
      button.focus();
    }
  });
  $savedLists.subscribe(fillLists);
  $session.subscribe((s) => {
    const business = s.reason === 'valid' && s.customer?.kind === 'b2b';
    button.hidden = !business;
    if (!business) panel.hidden = true;
  });
}
