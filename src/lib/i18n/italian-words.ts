// Italian words that have no business in an English or Spanish text of the shop: function words
// and the shop's own Italian terms (docs/glossary.md), none of which is also an English or Spanish
// word. The glossary tests look for them in the message files and the demo data; a brand or a
// code that happens to contain one (a "VENDEMMIA2026" coupon) is not a word and is not matched.
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
