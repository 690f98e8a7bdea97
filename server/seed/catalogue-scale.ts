// Grows the demo catalogue to N products for benchmarks (`npm run db:seed -- --products N`).
//
// Generated product k (1, 2, 3…) is a clone of demo product number (k-1) mod S (S = the demo
// products, 162) with the code `<code>-G000k` and the slug `<slug>-g000k`: its texts in every
// locale (name and title end with " #k"), category memberships, custom field values, variants
// (codes `<code>-G000k`), pictures (the same files as the source: no new files), relations of
// every kind (to the clones of the source's related products in the same run of S clones, so
// they stay within the generated set), agreed customer prices, season prices and promotion
// memberships. Prices move by -15%…+15% per clone so lists sort and filter realistically.
//
// Everything is set-based SQL (INSERT … SELECT over generate_series and a mapping table), a few
// statements per table in one transaction, so it runs on PostgreSQL and PGlite alike. Running it
// again with the same N does nothing; with a bigger N it adds the difference.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Slugs of generated products end with this pattern; the number is the clone's k. */
const SUFFIX_DIGITS = 6;
const GENERATED_SLUG_RE = `-g[0-9]{${SUFFIX_DIGITS}}$`;
const MAX_GENERATED = 10 ** SUFFIX_DIGITS - 1;

export interface ScaleResult {
  /** Products before and after. */
  before: number;
  after: number;
  /** Rows added per table. */
  added: Record<string, number>;
  /** Milliseconds per table. */
  tableMs: Record<string, number>;
  ms: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows a statement touched: node-postgres says rowCount, PGlite affectedRows. */
async function run(tx: Tx, query: SQL): Promise<number> {
  const result = (await tx.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

async function timed(tableMs: Record<string, number>, table: string, tx: Tx, query: SQL): Promise<number> {
  const t0 = performance.now();
  const n = await run(tx, query);
  tableMs[table] = performance.now() - t0;
  return n;
}

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const one = async <T>(tx: Tx, query: SQL): Promise<T> => (await rows<T>(tx, query))[0]!;

/** Tables that get rows for each clone, besides products. */
const CHILD_TABLES = [
  'product_translations', 'product_categories', 'product_custom_values', 'variants', 'variant_custom_values', 'assets',
  'product_relations', 'customer_prices', 'season_prices', 'promotion_products',
];

/**
 * Makes the catalogue hold `total` products (at least), cloning the demo products. The demo shop
 * must be seeded. Answers what it added; nothing when the catalogue is already that big.
 */
export async function scaleCatalogue(db: Db, total: number, options: { log?: (message: string) => void } = {}): Promise<ScaleResult> {
  const log = options.log ?? (() => {});
  if (!Number.isInteger(total) || total < 0) throw new Error(`--products wants a whole number, got ${total}`);
  const started = performance.now();
  const added: Record<string, number> = {};
  const tableMs: Record<string, number> = {};

  const outcome = await db.transaction(async (tx) => {
    // One generator at a time; readers are not blocked.
    await tx.execute(sql`lock table products in share row exclusive mode`);
    const state = await one<{ total: number; sources: number; last_k: number }>(
      tx,
      sql`select count(*)::int as total,
                 (count(*) filter (where slug !~ ${GENERATED_SLUG_RE}))::int as sources,
                 coalesce(max(substring(slug from ${`-g([0-9]{${SUFFIX_DIGITS}})$`})::int), 0)::int as last_k
          from products`,
    );
    const missing = total - state.total;
    if (missing <= 0) return { before: state.total, after: state.total };
    if (state.sources === 0) throw new Error('there are no demo products to clone: run `npm run db:seed` first');
    const S = sql.raw(String(state.sources));
    const firstK = state.last_k + 1;
    const lastK = state.last_k + missing;
    if (lastK > MAX_GENERATED) throw new Error(`at most ${MAX_GENERATED} generated products`);

    // Which demo product each clone copies, and its price factor (0.85…1.15).
    await tx.execute(sql`create temp table scale_src on commit drop as
      select id as src_id, (row_number() over (order by id) - 1)::int as rn from products where slug !~ ${GENERATED_SLUG_RE}`);
    await tx.execute(sql`create unique index on scale_src (src_id)`);
    await tx.execute(sql`create temp table scale_map (k int primary key, src_id int not null, f numeric(4,2) not null, new_id int) on commit drop`);
    await tx.execute(sql`insert into scale_map (k, src_id, f)
      select k, s.src_id, 0.85 + ((k * 37) % 31) / 100.0
      from generate_series(${firstK}::int, ${lastK}::int) as k join scale_src s on s.rn = (k - 1) % ${S}`);

    // The child tables' touch triggers would set the new products' write_date to now(), which
    // it already is (same transaction), with one UPDATE of products per child row: about ten
    // per product, each leaving a dead row behind that the build would then scan. They are off
    // while the clones go in, when this role owns the tables; other triggers (notes) still run.
    const touchTriggers = await rows<{ tgname: string; relname: string }>(
      tx,
      sql`select t.tgname, c.relname from pg_trigger t
          join pg_class c on c.oid = t.tgrelid join pg_proc f on f.oid = t.tgfoid
          where not t.tgisinternal and t.tgenabled <> 'D' and f.proname like 'shop\\_touch\\_%'
            and c.relname = any(${`{${CHILD_TABLES.join(',')}}`}::text[]) and c.relnamespace = to_regnamespace(current_schema())
            and pg_has_role(current_user, c.relowner, 'USAGE')`,
    );
    const toggleTouch = async (how: 'disable' | 'enable') => {
      for (const t of touchTriggers) await tx.execute(sql.raw(`alter table "${t.relname}" ${how} trigger "${t.tgname}"`));
    };
    await toggleTouch('disable');

    const tag = (k: SQL) => sql`lpad((${k})::text, ${SUFFIX_DIGITS}, '0')`;
    added.products = await timed(tableMs, 'products', tx,
      sql`with ins as (
            insert into products (code, slug, brand, standard_price, special_price, vat_rate, quantity, is_backorderable, unit, weight_kg, is_published, create_date, write_date)
            select p.code || '-G' || ${tag(sql`m.k`)}, p.slug || '-g' || ${tag(sql`m.k`)}, p.brand,
                   greatest(0.10, round(p.standard_price * m.f, 2)), round(p.special_price * m.f, 2), p.vat_rate,
                   case when p.quantity > 5 then p.quantity + (m.k % 13) else p.quantity end,
                   p.is_backorderable, p.unit, p.weight_kg, p.is_published,
                   now() - make_interval(days => ((m.k::bigint * 7919) % 730)::int, secs => (m.k::bigint * 104729) % 86400), now()
            from scale_map m join products p on p.id = m.src_id
            order by m.k
            returning id, slug)
          update scale_map m set new_id = ins.id from ins where m.k = substring(ins.slug from ${`-g([0-9]{${SUFFIX_DIGITS}})$`})::int`,
    );
    await tx.execute(sql`create index on scale_map (src_id)`);
    await tx.execute(sql`analyze scale_map`);

    added.product_translations = await timed(tableMs, 'product_translations', tx,
      sql`insert into product_translations (product_id, locale, name, title, summary, description)
          select m.new_id, t.locale, t.name || ' #' || m.k, t.title || ' #' || m.k, t.summary, t.description
          from scale_map m join product_translations t on t.product_id = m.src_id`,
    );
    added.product_categories = await timed(tableMs, 'product_categories', tx,
      sql`insert into product_categories (product_id, category_id, is_main)
          select m.new_id, c.category_id, c.is_main from scale_map m join product_categories c on c.product_id = m.src_id`,
    );
    added.product_custom_values = await timed(tableMs, 'product_custom_values', tx,
      sql`insert into product_custom_values (product_id, custom_field_value_id)
          select m.new_id, v.custom_field_value_id from scale_map m join product_custom_values v on v.product_id = m.src_id`,
    );

    // Variants, and which source variant each new one copies (for their values, pictures and prices).
    await tx.execute(sql`create temp table scale_variant_map (new_id int primary key, src_id int not null, new_product_id int not null) on commit drop`);
    added.variants = await timed(tableMs, 'variants', tx,
      sql`with ins as (
            insert into variants (product_id, code, name, standard_price, special_price, quantity, is_backorderable, position, create_date, write_date)
            select m.new_id, v.code || '-G' || ${tag(sql`m.k`)}, v.name,
                   greatest(0.10, round(v.standard_price * m.f, 2)), round(v.special_price * m.f, 2),
                   v.quantity, v.is_backorderable, v.position, now(), now()
            from scale_map m join variants v on v.product_id = m.src_id
            order by m.k, v.position, v.id
            returning id, product_id, code)
          insert into scale_variant_map (new_id, src_id, new_product_id)
          select ins.id, v.id, ins.product_id from ins join variants v on v.code = left(ins.code, ${-(SUFFIX_DIGITS + 2)})`,
    );
    await tx.execute(sql`create index on scale_variant_map (src_id, new_product_id)`);
    await tx.execute(sql`analyze scale_variant_map`);
    added.variant_custom_values = await timed(tableMs, 'variant_custom_values', tx,
      sql`insert into variant_custom_values (variant_id, custom_field_value_id)
          select vm.new_id, v.custom_field_value_id from scale_variant_map vm join variant_custom_values v on v.variant_id = vm.src_id`,
    );

    // Pictures and documents: new rows, the same files.
    added.assets = await timed(tableMs, 'assets', tx,
      sql`insert into assets (product_id, variant_id, kind, file_name, url, position, width, height, alt)
          select m.new_id, vm.new_id, a.kind, a.file_name, a.url, a.position, a.width, a.height,
                 case when jsonb_typeof(a.alt) = 'object'
                      then (select jsonb_object_agg(e.key, e.value || ' #' || m.k) from jsonb_each_text(a.alt) e)
                      else a.alt end
          from scale_map m join assets a on a.product_id = m.src_id
          left join scale_variant_map vm on vm.src_id = a.variant_id and vm.new_product_id = m.new_id
          where a.variant_id is null or vm.new_id is not null`,
    );

    // Relations: clone k of product P relates to the clone of P's related product R in the same
    // run of S clones (the previous run when that one is not there), so generated products point
    // at generated products. Every generated product, also of earlier calls, can be a target.
    await tx.execute(sql`create temp table scale_all on commit drop as
      select substring(slug from ${`-g([0-9]{${SUFFIX_DIGITS}})$`})::int as k, id from products where slug ~ ${GENERATED_SLUG_RE}`);
    await tx.execute(sql`alter table scale_all add primary key (k)`);
    await tx.execute(sql`analyze scale_all`);
    added.product_relations = await timed(tableMs, 'product_relations', tx,
      sql`insert into product_relations (product_id, related_product_id, kind, position)
          select m.new_id, coalesce(same.id, prev.id), r.kind, r.position
          from scale_map m
          join product_relations r on r.product_id = m.src_id
          join scale_src rs on rs.src_id = r.related_product_id
          left join scale_all same on same.k = ((m.k - 1) / ${S}) * ${S} + rs.rn + 1
          left join scale_all prev on prev.k = ((m.k - 1) / ${S} - 1) * ${S} + rs.rn + 1
          where coalesce(same.id, prev.id) is not null and coalesce(same.id, prev.id) <> m.new_id
          on conflict do nothing`,
    );

    // Prices: what is agreed for the source holds for its clones, moved by the same factor.
    added.customer_prices = await timed(tableMs, 'customer_prices', tx,
      sql`insert into customer_prices (customer_id, product_id, variant_id, season_id, price, valid_from, valid_to)
          select cp.customer_id, m.new_id, vm.new_id, cp.season_id, greatest(0.10, round(cp.price * m.f, 2)), cp.valid_from, cp.valid_to
          from scale_map m join customer_prices cp on cp.product_id = m.src_id
          left join scale_variant_map vm on vm.src_id = cp.variant_id and vm.new_product_id = m.new_id
          where cp.variant_id is null or vm.new_id is not null`,
    );
    added.season_prices = await timed(tableMs, 'season_prices', tx,
      sql`insert into season_prices (season_id, product_id, price)
          select sp.season_id, m.new_id, greatest(0.10, round(sp.price * m.f, 2)) from scale_map m join season_prices sp on sp.product_id = m.src_id`,
    );
    added.promotion_products = await timed(tableMs, 'promotion_products', tx,
      sql`insert into promotion_products (promotion_id, product_id)
          select pp.promotion_id, m.new_id from scale_map m join promotion_products pp on pp.product_id = m.src_id`,
    );
    await toggleTouch('enable');
    return { before: state.total, after: state.total + added.products };
  });

  if (outcome.after > outcome.before) {
    // Fresh statistics, so the build's and the API's queries plan for the new size.
    await db.execute(
      sql.raw('analyze products, product_translations, product_categories, product_custom_values, variants, variant_custom_values, assets, product_relations, customer_prices, season_prices, promotion_products'),
    );
  }
  const ms = performance.now() - started;
  if (outcome.after === outcome.before) {
    log(`catalogue: ${outcome.before} products already (asked for ${total}); nothing to add`);
  } else {
    const rows = Object.entries(added).map(([table, n]) => `${table} +${n} ${((tableMs[table] ?? 0) / 1000).toFixed(1)} s`).join(', ');
    log(`catalogue: ${outcome.before} → ${outcome.after} products in ${(ms / 1000).toFixed(1)} s (${rows})`);
  }
  return { ...outcome, added, tableMs, ms };
}
