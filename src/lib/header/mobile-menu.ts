// The category menu below lg (and on a phone the search and the language strip): a disclosure behind the Menu button (aria-expanded/aria-controls;
// Escape closes it and gives focus back to the button). At lg and above CSS always shows it.

export function startMobileMenu(button: HTMLButtonElement, menu: HTMLElement): void {
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const set = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    if (open) menu.dataset.open = '';
    else delete menu.dataset.open;
    // On a phone the search and the language strip open with it (Header.astro's styles).
    menu.closest('[data-shop-header]')?.toggleAttribute('data-menu-open', open);
  };
  set(false);
  button.addEventListener('click', () => {
    const open = !isOpen();
    set(open);
    // The first link is where the eye goes next; keyboard users land there too.
    if (open) menu.querySelector<HTMLElement>('a[href]')?.focus();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    set(false);
    button.focus();
  });
}
