// Quick order (issue 16): rows of code and quantity with suggestions on code and name, a pasted
// list, a CSV or XLSX file; every row checked at once with its reason on the row, and the valid rows put
// in the cart in one call. Keyboard first: Enter goes from the code to the quantity and on to
// the next row (a new one at the end); arrows choose a suggestion. The rows and the calls are in
// src/lib/stores/quick-order.ts; this draws them.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { createT, type MessageTree, type T } from '../../lib/i18n/client-messages';
import { formatEuro } from '../../lib/i18n/format';
import type { Locale } from '../../lib/i18n/locales';
import { parseQuickOrderCells, parseQuickOrderText, type ParsedQuickOrder } from '../../lib/rules/quick-order';
import {
  MAX_QUICK_ORDER_LINES, $quickOrder, addParsedLines, addRow, addValidRowsToCart, chooseSuggestion, clearQuickOrder, loadQuickOrder, pasteQuickOrder, removeRow, setRowCode, setRowQty,
  suggestProducts, validateQuickOrder, validLines, type OrderableItem, type QuickOrderRow,
} from '../../lib/stores/quick-order';
import { saveLinesToList } from '../../lib/stores/saved-lists';
import { $session } from '../../lib/stores/session';
import { showToast } from '../../lib/stores/toasts';
import { addReason, checkReason } from './line-reasons';
import BusinessOnly from './BusinessOnly';
import SaveToList from './SaveToList';

interface Props {
  locale: Locale;
  messages: MessageTree;
}

const MAX_FILE_KB = 512;
const SUGGEST_DELAY_MS = 200;

type Tone = 'ok' | 'bad' | 'muted' | 'done';
const TONE: Record<Tone, string> = { ok: 'text-success-strong', bad: 'text-error', muted: 'text-muted', done: 'text-success-strong' };

/** What the row's result says: text, tone, and which field it is about. */
function rowResult(row: QuickOrderRow, t: T): { text: string; tone: Tone; field: 'code' | 'qty' | null; state: string } {
  if (row.added) {
    const { status, reason, added, maxQty } = row.added;
    if (status === 'added') return { text: t('b2b.quickOrder.added'), tone: 'done', field: null, state: 'added' };
    if (status === 'partly_added') return { text: t('b2b.quickOrder.partlyAdded', { added, requested: row.check?.qty ?? added, reason: addReason(t, reason, maxQty) }), tone: 'bad', field: 'qty', state: 'partly_added' };
    return { text: `${t('b2b.quickOrder.notAdded')}: ${addReason(t, reason, maxQty)}`, tone: 'bad', field: 'qty', state: 'refused' };
  }
  if (row.code.trim() === '') return row.qty.trim() === '' ? { text: '', tone: 'muted', field: null, state: 'empty' } : { text: t('b2b.reasons.empty'), tone: 'bad', field: 'code', state: 'no_code' };
  if (!row.check) return { text: t('b2b.quickOrder.unchecked'), tone: 'muted', field: null, state: 'unchecked' };
  const { status, maxQty, mergedInto } = row.check;
  if (status === 'ok') return { text: t('b2b.quickOrder.valid'), tone: 'ok', field: null, state: 'ok' };
  const field = status === 'over_stock' || status === 'invalid_qty' ? 'qty' : status === 'merged' ? null : 'code';
  return { text: checkReason(t, status, maxQty, mergedInto), tone: status === 'merged' ? 'muted' : 'bad', field, state: status };
}

const itemLabel = (item: OrderableItem) => (item.variant_name ? `${item.name} – ${item.variant_name}` : item.name);

interface RowProps {
  row: QuickOrderRow;
  index: number;
  t: T;
  locale: Locale;
  busy: boolean;
  onEnterFromQty: (key: number) => void;
}

function QuickOrderLine({ row, index, t, locale, busy, onEnterFromQty }: RowProps) {
  const line = index + 1;
  const base = `qo-${row.key}`;
  const [suggestions, setSuggestions] = useState<OrderableItem[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const result = rowResult(row, t);
  const item = row.check?.item ?? row.item;
  const describedBy = result.text ? `${base}-result` : undefined;

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const onCode = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    setRowCode(row.key, text);
    if (timer.current) clearTimeout(timer.current);
    if (text.trim().length < 2) {
      setOpen(false);
      setSuggestions([]);
      return;
    }
    timer.current = setTimeout(() => {
      void suggestProducts(text).then((found) => {
        if (found === null) return;
        setSuggestions(found);
        setActive(-1);
        setOpen(true);
      });
    }, SUGGEST_DELAY_MS);
  };

  const choose = (choice: OrderableItem) => {
    chooseSuggestion(row.key, choice);
    setOpen(false);
    setSuggestions([]);
    document.getElementById(`${base}-qty`)?.focus();
  };

  const onCodeKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const listed = open && suggestions.length > 0;
    if (event.key === 'ArrowDown' && listed) {
      event.preventDefault();
      setActive((a) => (a + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && listed) {
      event.preventDefault();
      setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const picked = listed && active >= 0 ? suggestions[active] : undefined;
      if (picked) choose(picked);
      else {
        setOpen(false);
        const qty = document.getElementById(`${base}-qty`) as HTMLInputElement | null;
        qty?.focus();
        qty?.select();
      }
    }
  };

  const showList = open && row.code.trim().length >= 2;
  return (
    <li
      className="grid grid-cols-[2rem_1fr_5.5rem_auto] items-start gap-x-2 gap-y-1 border-b border-line py-2 sm:grid-cols-[2.5rem_minmax(10rem,16rem)_6rem_1fr_auto] sm:gap-x-3"
      data-qo-row={line}
      data-state={result.state}
    >
      <span className="pt-2 text-right text-sm text-muted" aria-hidden="true">{line}</span>
      <div className="relative min-w-0">
        <input
          id={`${base}-code`}
          type="text"
          role="combobox"
          aria-label={t('b2b.quickOrder.codeOf', { line })}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={`${base}-list`}
          aria-activedescendant={showList && active >= 0 ? `${base}-opt-${active}` : undefined}
          aria-invalid={result.field === 'code' ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          maxLength={160}
          value={row.code}
          disabled={busy}
          onChange={onCode}
          onKeyDown={onCodeKey}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          className={`w-full border-2 bg-canvas px-2 py-1.5 font-mono focus-ring ${result.field === 'code' ? 'border-error' : 'border-secondary'}`}
          data-qo-code=""
        />
        <ul
          id={`${base}-list`}
          role="listbox"
          aria-label={t('b2b.quickOrder.suggestions', { line })}
          hidden={!showList}
          className="absolute left-0 top-full z-30 m-0 max-h-72 w-[min(28rem,calc(100vw-3rem))] list-none overflow-y-auto border-2 border-secondary bg-canvas p-0 shadow-lg"
        >
          {suggestions.length === 0 ? (
            <li role="option" aria-disabled="true" aria-selected="false" className="px-3 py-2 text-muted">{t('b2b.quickOrder.noSuggestions')}</li>
          ) : (
            suggestions.map((s, i) => (
              <li
                key={`${s.product}-${s.variant ?? ''}`}
                id={`${base}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(s);
                }}
                className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-secondary text-inverse' : 'hover:bg-surface'}`}
                data-qo-suggestion={s.code}
              >
                <span className="font-mono font-semibold">{s.code}</span> <span>{itemLabel(s)}</span>{' '}
                <span className={i === active ? '' : 'text-muted'}>{formatEuro(s.price, locale)}</span>
              </li>
            ))
          )}
        </ul>
        <p className="sr-only" aria-live="polite">{showList && suggestions.length > 0 ? t('b2b.quickOrder.suggestionsCount', { count: suggestions.length }) : ''}</p>
      </div>
      <input
        id={`${base}-qty`}
        type="text"
        inputMode="numeric"
        aria-label={t('b2b.quickOrder.qtyOf', { line })}
        aria-invalid={result.field === 'qty' ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        maxLength={9}
        value={row.qty}
        placeholder="1"
        disabled={busy}
        onChange={(e) => setRowQty(row.key, e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          onEnterFromQty(row.key);
        }}
        className={`w-full border-2 bg-canvas px-2 py-1.5 text-right focus-ring ${result.field === 'qty' ? 'border-error' : 'border-secondary'}`}
        data-qo-qty=""
      />
      <button
        type="button"
        className="btn-outline px-2 py-1 sm:order-last"
        aria-label={t('b2b.quickOrder.removeRow', { line })}
        disabled={busy}
        onClick={() => {
          removeRow(row.key);
          document.querySelector<HTMLElement>('[data-qo-add-row]')?.focus();
        }}
        data-qo-remove=""
      >
        <span aria-hidden="true">×</span>
      </button>
      <div className="col-span-3 col-start-2 min-w-0 text-sm sm:col-span-1 sm:col-start-auto sm:pt-1.5">
        {item && (
          <p className="m-0 truncate" data-qo-item="">
            {itemLabel(item)} <span className="text-muted">· {formatEuro(item.price, locale)}</span>
          </p>
        )}
        <p id={`${base}-result`} className={`m-0 font-semibold ${TONE[result.tone]}`} data-qo-reason="">{result.text}</p>
      </div>
    </li>
  );
}

export default function QuickOrder({ locale, messages }: Props) {
  const t = useMemo(() => createT(messages, locale), [messages, locale]);
  const session = useStore($session);
  const state = useStore($quickOrder);
  const [hydrated, setHydrated] = useState(false);
  const [paste, setPaste] = useState('');
  const [note, setNote] = useState('');
  const [lastAdd, setLastAdd] = useState<{ added: number; refused: number } | null>(null);
  const customerId = session.customer?.id ?? null;

  useEffect(() => setHydrated(true), []);
  // Each customer has its own rows (an agent switching customer in another tab too).
  useEffect(() => {
    if (!hydrated || customerId === null) return;
    loadQuickOrder();
    setLastAdd(null);
    setNote('');
  }, [hydrated, customerId]);

  if (!hydrated || session.reason !== 'valid' || !session.customer) {
    return <p role="status" className="m-0 py-6 text-muted" data-quick-order="loading">{t('b2b.loading')}</p>;
  }
  // An agent acting for a consumer, or a consumer who typed the address: not for them.
  if (session.customer.kind !== 'b2b') return <BusinessOnly t={t} />;

  const busy = state.busy !== null;
  const filled = state.rows.filter((r) => r.code.trim() !== '');
  const checked = filled.filter((r) => r.check);
  const valid = filled.filter((r) => r.check?.status === 'ok');
  const summary = filled.length === 0 ? '' : checked.length === filled.length ? t('b2b.quickOrder.summary', { valid: valid.length, total: filled.length }) : '';

  const focusCode = (key: number) => requestAnimationFrame(() => document.getElementById(`qo-${key}-code`)?.focus());
  const onEnterFromQty = (key: number) => {
    const rows = $quickOrder.get().rows;
    const at = rows.findIndex((r) => r.key === key);
    const next = rows[at + 1];
    focusCode(next ? next.key : addRow());
  };

  const onPaste = () => {
    const { taken, dropped } = pasteQuickOrder(paste);
    setPaste('');
    setNote([t('b2b.quickOrder.pasted', { count: taken }), dropped > 0 ? t('b2b.quickOrder.dropped', { count: dropped, max: MAX_QUICK_ORDER_LINES }) : ''].filter(Boolean).join(' '));
    if (taken > 0) void validateQuickOrder();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_KB * 1024) return setNote(t('b2b.quickOrder.fileTooLarge', { max: MAX_FILE_KB }));
    let parsed: ParsedQuickOrder;
    try {
      // A spreadsheet's own format (XLSX is a zip, "PK"): its reader is loaded only now, so the
      // island costs nobody who pastes or uploads a CSV its weight.
      const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
      if (head[0] === 0x50 && head[1] === 0x4b) {
        const { readSheet } = await import('read-excel-file/browser');
        parsed = parseQuickOrderCells(await readSheet(file));
      } else {
        const text = await file.text();
        // A NUL is no text: an old .xls workbook or another binary file.
        if (text.includes('\u0000')) return setNote(t('b2b.quickOrder.fileUnreadable', { name: file.name }));
        parsed = parseQuickOrderText(text);
      }
    } catch {
      // Not a workbook after all (an .ods, a damaged or encrypted file), or not readable at all.
      return setNote(t('b2b.quickOrder.fileUnreadable', { name: file.name }));
    }
    if (parsed.lines.length === 0) return setNote(t('b2b.quickOrder.fileEmpty', { name: file.name }));
    const { taken, dropped } = addParsedLines(parsed.lines);
    setNote([t('b2b.quickOrder.fileRead', { count: taken, name: file.name }), dropped > 0 ? t('b2b.quickOrder.dropped', { count: dropped, max: MAX_QUICK_ORDER_LINES }) : ''].filter(Boolean).join(' '));
    void validateQuickOrder();
  };

  const onAddAll = async () => {
    const outcome = await addValidRowsToCart();
    if (!outcome) return;
    setLastAdd(outcome);
    if (outcome.added === 0 && outcome.refused === 0) showToast({ type: 'warning', text: t('b2b.quickOrder.nothingValid') });
    else if (outcome.refused === 0) showToast({ type: 'success', text: t('b2b.quickOrder.addedToast', { count: outcome.added }) });
    else if (outcome.added === 0) showToast({ type: 'error', text: t('b2b.quickOrder.noneAddedToast') });
    else showToast({ type: 'warning', text: t('b2b.quickOrder.partialToast', { added: outcome.added, failed: outcome.refused }) });
  };

  const onSaveList = async (target: Parameters<typeof saveLinesToList>[0]) => {
    if (filled.some((r) => !r.check) && (await validateQuickOrder()) === null) return 'b2b.quickOrder.checkFailed';
    const saved = await saveLinesToList(target, validLines());
    if (!saved.ok) return saved.key;
    showToast({ type: 'success', text: t('b2b.saveList.savedRows', { count: saved.data.saved, name: saved.data.list.name }) });
    return null;
  };

  return (
    <div className="flex flex-col gap-6" data-quick-order="ready" aria-busy={busy || undefined}>
      <p className="m-0 text-sm text-muted" id="qo-hint">{t('b2b.quickOrder.keyboardHint')}</p>
      <section aria-labelledby="qo-rows-title">
        <h2 id="qo-rows-title" className="sr-only">{t('b2b.quickOrder.rowsCaption')}</h2>
        <div className="hidden grid-cols-[2.5rem_minmax(10rem,16rem)_6rem_1fr_auto] gap-x-3 border-b-2 border-secondary pb-1 text-sm font-bold sm:grid" aria-hidden="true">
          <span className="text-right">#</span>
          <span>{t('b2b.quickOrder.code')}</span>
          <span className="text-right">{t('b2b.quickOrder.qty')}</span>
          <span>{t('b2b.quickOrder.state')}</span>
          <span className="w-8" />
        </div>
        <ol className="m-0 list-none p-0" aria-describedby="qo-hint" data-qo-rows="">
          {state.rows.map((row, index) => (
            <QuickOrderLine key={row.key} row={row} index={index} t={t} locale={locale} busy={busy} onEnterFromQty={onEnterFromQty} />
          ))}
        </ol>
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="button" className="btn-outline" disabled={busy || state.rows.length >= MAX_QUICK_ORDER_LINES} onClick={() => focusCode(addRow())} data-qo-add-row="">
            {t('b2b.quickOrder.addRow')}
          </button>
          <button type="button" className="btn-outline" disabled={busy} onClick={() => { clearQuickOrder(); setLastAdd(null); setNote(''); }} data-qo-clear="">
            {t('b2b.quickOrder.clear')}
          </button>
        </div>
      </section>

      <div className="flex flex-col gap-3 border-t-4 border-primary bg-surface p-4">
        <p className="m-0 min-h-6 font-semibold" role="status" aria-live="polite" data-qo-summary="">
          {state.busy === 'validating' ? t('b2b.quickOrder.validating') : state.busy === 'adding' ? t('b2b.quickOrder.adding') : summary}
        </p>
        {state.error && <p role="alert" className="m-0 font-semibold text-error" data-qo-error="">{t(state.error)}</p>}
        <div className="flex flex-wrap items-start gap-3">
          <button type="button" className="btn-outline" disabled={busy || filled.length === 0} onClick={() => void validateQuickOrder()} data-qo-validate="">
            {state.busy === 'validating' ? t('b2b.quickOrder.validating') : t('b2b.quickOrder.validate')}
          </button>
          <button type="button" className="btn-primary" disabled={busy || filled.length === 0} onClick={() => void onAddAll()} data-qo-add-all="">
            {state.busy === 'adding' ? t('b2b.quickOrder.adding') : t('b2b.quickOrder.addAll')}
          </button>
          {lastAdd && lastAdd.added > 0 && <a href="/cart" className="btn-outline no-underline" data-qo-go-cart="">{t('b2b.quickOrder.goToCart')}</a>}
          <SaveToList t={t} label={t('b2b.quickOrder.saveAsList')} disabled={busy || filled.length === 0} onSave={onSaveList} />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <section aria-labelledby="qo-paste-title" className="flex min-w-0 flex-col gap-2">
          <h2 id="qo-paste-title" className="m-0 text-xl font-bold text-secondary">{t('b2b.quickOrder.pasteTitle')}</h2>
          <label htmlFor="qo-paste" className="font-semibold">{t('b2b.quickOrder.pasteLabel')}</label>
          <p id="qo-paste-help" className="m-0 text-sm text-muted">{t('b2b.quickOrder.pasteHelp')}</p>
          <textarea
            id="qo-paste"
            rows={6}
            value={paste}
            aria-describedby="qo-paste-help"
            spellCheck={false}
            onChange={(e) => setPaste(e.currentTarget.value)}
            className="w-full border-2 border-secondary bg-canvas px-3 py-2 font-mono focus-ring"
            data-qo-paste=""
          />
          <div>
            <button type="button" className="btn-secondary" disabled={busy || paste.trim() === ''} onClick={onPaste} data-qo-paste-apply="">
              {t('b2b.quickOrder.pasteApply')}
            </button>
          </div>
        </section>
        <section aria-labelledby="qo-file-title" className="flex min-w-0 flex-col gap-2">
          <h2 id="qo-file-title" className="m-0 text-xl font-bold text-secondary">{t('b2b.quickOrder.fileTitle')}</h2>
          <label htmlFor="qo-file" className="font-semibold">{t('b2b.quickOrder.fileLabel')}</label>
          <p id="qo-file-help" className="m-0 text-sm text-muted">{t('b2b.quickOrder.fileHelp')}</p>
          <input id="qo-file" type="file" accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" aria-describedby="qo-file-help" disabled={busy} onChange={(e) => void onFile(e)} className="w-full min-w-0 focus-ring" data-qo-file="" />
        </section>
      </div>
      <p className="m-0 min-h-6 text-sm" role="status" data-qo-note="">{note}</p>
    </div>
  );
}
