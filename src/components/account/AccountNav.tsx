// The account's section links, drawn at build time (no client directive: it ships no JS).
// The current section is marked with aria-current so it is announced, not only coloured.
// Saved lists and previously bought are for business customers and agents only (issue 16): they
// are in every page's HTML and hidden by a mark on <html> (data-trade, header/session-hint.ts).

export const ACCOUNT_SECTIONS = [
  ['dashboard', '/account'],
  ['orders', '/account/orders'],
  ['wishlist', '/account/wishlist'],
  ['lists', '/account/lists'],
  ['purchased', '/account/purchased'],
  ['addresses', '/account/addresses'],
  ['downloads', '/account/downloads'],
  ['details', '/account/details'],
] as const;
export type AccountSection = (typeof ACCOUNT_SECTIONS)[number][0];
export const TRADE_SECTIONS: ReadonlySet<AccountSection> = new Set(['lists', 'purchased']);

interface Props {
  current: AccountSection;
  label: string;
  labels: Record<AccountSection, string>;
}

export default function AccountNav({ current, label, labels }: Props) {
  return (
    <nav aria-label={label} className="border-b-2 border-line" data-account-nav="">
      <ul className="m-0 flex list-none gap-1 overflow-x-auto p-0">
        {ACCOUNT_SECTIONS.map(([section, href]) => (
          <li key={section} className="shrink-0" data-trade-only={TRADE_SECTIONS.has(section) ? '' : undefined}>
            <a
              href={href}
              aria-current={section === current ? 'page' : undefined}
              className={`-mb-[2px] block border-b-4 px-3 py-2 font-semibold no-underline focus-ring ${
                section === current ? 'border-primary text-secondary' : 'border-transparent text-muted hover:text-secondary'
              }`}
            >
              {labels[section]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
