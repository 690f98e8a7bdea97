// Draws a fatal error (src/lib/stores/fatal-error.ts) in place of the page's main content: the
// "Internal Server Error" page of spec section 2, in the page's language, with the catalogue
// message that made it fatal and the ways back (home page, catalogue). Plain DOM, so every page
// has it without React.
import { HOME_PATHS } from '../i18n/locales';
import { storeT } from '../stores/notify';
import { pageLocale } from '../stores/session';
import { $fatalError, type FatalError } from '../stores/fatal-error';

/** An element with its classes and, when given, its text. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function draw(main: HTMLElement, fatal: FatalError): void {
  const t = storeT();
  const title = t('errors.internalServerError');
  const section = element('section', 'container py-16 text-center');
  section.dataset.errorStatus = String(fatal.status);
  section.dataset.fatalError = fatal.messageKey;
  const code = element('p', 'm-0 text-6xl font-extrabold text-primary-strong', String(fatal.status));
  code.setAttribute('aria-hidden', 'true');
  const heading = element('h1', 'mt-4 text-3xl font-bold text-secondary', title);
  const message = element('p', 'mx-auto mt-2 max-w-xl', t(fatal.messageKey));
  message.setAttribute('role', 'alert');
  const links = element('p', 'mt-6 flex flex-wrap justify-center gap-3');
  const home = element('a', 'btn-primary', t('errors.backHome'));
  home.href = HOME_PATHS[pageLocale()];
  const catalogue = element('a', 'btn-outline', t('errors.goToCatalogue'));
  catalogue.href = '/p';
  links.append(home, catalogue);
  section.append(code, heading, message, links);
  main.replaceChildren(section);
  // Shown even on pages that keep their content hidden until the route guard has decided.
  document.documentElement.setAttribute('data-guard-ready', '');
  document.title = title;
  main.focus();
}

export function mountFatalErrors(main: HTMLElement): void {
  $fatalError.subscribe((fatal) => {
    if (fatal) draw(main, fatal);
  });
}
