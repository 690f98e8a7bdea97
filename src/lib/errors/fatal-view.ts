// Draws a fatal error (src/lib/stores/fatal-error.ts) in place of the page's main content: the
// "Internal Server Error" page of spec section 2, in the page's language, with the catalogue
// message that made it fatal and the ways back (home page, catalogue). Plain DOM, so every page
// has it without React.
import { HOME_PATHS } from '../i18n/locales';
import { storeT } from '../stores/notify';
import { pageLocale } from '../stores/session';
import { $fatalError, type FatalError } from '../stores/fatal-error';

function draw(main: HTMLElement, fatal: FatalError): void {
  const t = storeT();
  const title = t('errors.internalServerError');
  const section = document.createElement('section');
  section.className = 'container py-16 text-center';
  section.dataset.errorStatus = String(fatal.status);
  section.dataset.fatalError = fatal.messageKey;
  const code = document.createElement('p');
  code.className = 'm-0 text-6xl font-extrabold text-primary-dark';
  code.setAttribute('aria-hidden', 'true');
  code.textContent = String(fatal.status);
  const heading = document.createElement('h1');
  heading.className = 'mt-4 text-3xl font-bold text-secondary';
  heading.textContent = title;
  const message = document.createElement('p');
  message.className = 'mx-auto mt-2 max-w-xl';
  message.setAttribute('role', 'alert');
  message.textContent = t(fatal.messageKey);
  const links = document.createElement('p');
  links.className = 'mt-6 flex flex-wrap justify-center gap-3';
  const home = document.createElement('a');
  home.href = HOME_PATHS[pageLocale()];
  home.className = 'btn-primary';
  home.textContent = t('errors.backHome');
  const catalogue = document.createElement('a');
  catalogue.href = '/p';
  catalogue.className = 'btn-outline';
  catalogue.textContent = t('errors.goToCatalogue');
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
