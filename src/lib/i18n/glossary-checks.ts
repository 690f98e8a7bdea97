// The glossary's checks (docs/glossary.md), used by its tests on the message files and the demo
// data. First, Italian words that have no business in an English or Spanish text of the shop:
// function words and the shop's own Italian terms, none of which is also an English or Spanish
// word; a brand or a code that contains one (a "VENDEMMIA2026" coupon) is not matched.
export const ITALIAN_ONLY_WORDS = [
  // function words
  'della', 'delle', 'degli', 'dello', 'nella', 'nelle', 'sulla', 'anche', 'oppure', 'quindi', 'perché', 'però', 'più', 'già', 'cioè', 'sono', 'questo', 'questa',
  // the shop's terms (docs/glossary.md)
  'articolo', 'articoli', 'carrello', 'preventivo', 'ordine', 'ordini', 'spedizione', 'consegna', 'contrassegno', 'bonifico', 'pagamento',
  'fattura', 'listino', 'sconto', 'buono', 'codice', 'esaurito', 'ordinabile', 'disponibile', 'disponibilità', 'pezzi', 'pezzo', 'confezione',
  'giorni', 'lavorativi', 'settimana', 'prezzo', 'prezzi', 'spese', 'scaduto', 'grazie', 'magazzino', 'fatturazione', 'indirizzo',
  // the demo catalogue's Italian words
  'lievito', 'lieviti', 'tappi', 'tappo', 'damigiana', 'damigiane', 'bottiglia', 'bottiglie', 'vendemmia', 'birra', 'giardino', 'sementi',
] as const;

const WORD = new RegExp(`(?<![\\p{L}\\p{N}])(${ITALIAN_ONLY_WORDS.join('|')})(?![\\p{L}\\p{N}])`, 'giu');

/** The Italian-only words found in a text (lower case, in order). */
export const italianWordsIn = (text: string): string[] => [...text.matchAll(WORD)].map((m) => m[1]!.toLowerCase());

/**
 * Phrases docs/glossary.md rules out, per language (whole words, any case), each with the word to
 * use instead. Spanish speaks to the shopper with tú: the usted forms are ruled out too.
 */
export const NEVER_SAY: Record<'en' | 'es', readonly (readonly [phrase: string, instead: string])[]> = {
  en: [
    ['beyond the stock', 'Available to order'],
    ['sold out', 'Out of stock'],
    ['postcode', 'postal code'],
    ['zip code', 'postal code'],
    ['basket', 'cart'],
    ['voucher', 'coupon'],
    ['of which VAT', 'including VAT'],
    ['reserved to you', 'reserved for you'],
    ['log in', 'sign in'],
    ['log out', 'sign out'],
    ['business days', 'working days'],
  ],
  es: [
    ['de los cuales IVA', 'IVA incluido'],
    ['cesta', 'carrito'],
    ['órdenes', 'pedidos'],
    ['usted', 'tú'],
    ['introduzca', 'introduce'],
    ['seleccione', 'elige'],
    ['elija', 'elige'],
    ['escriba', 'escribe'],
    ['compruebe', 'comprueba'],
    ['revise', 'revisa'],
    ['inténtelo', 'inténtalo'],
    ['vuelva a', 'vuelve a'],
    ['póngase', 'ponte'],
    ['contacte', 'contacta'],
    ['haga clic', 'haz clic'],
    ['acepte', 'acepta'],
    ['su carrito', 'tu carrito'],
    ['su pedido', 'tu pedido'],
    ['su cuenta', 'tu cuenta'],
    ['su contraseña', 'tu contraseña'],
  ],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NEVER_PATTERNS = Object.fromEntries(
  Object.entries(NEVER_SAY).map(([locale, list]) => [locale, list.map(([p, instead]) => [new RegExp(`(?<![\\p{L}])${escape(p)}(?![\\p{L}])`, 'iu'), p, instead] as const)]),
) as Record<'en' | 'es', (readonly [RegExp, string, string])[]>;

/** The ruled-out phrases a text uses, as "phrase → instead". */
export const ruledOutIn = (locale: 'en' | 'es', text: string): string[] =>
  NEVER_PATTERNS[locale].filter(([re]) => re.test(text)).map(([, p, instead]) => `${p} → ${instead}`);
