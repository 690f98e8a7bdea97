// Seeds news, home sliders, content pages, a promotion canvas and downloadable documents.
import { mkdir, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Db } from '../db/client';
import { blogPosts, blogPostTranslations, documents, LOCALES, pageDocuments, sliders, slides, type L10nJson } from '../db/schema';
import { runLimited, writePicture } from '../media/demo-images';
import { contentPages, newsPosts, sliders as seedSliders } from './data';
import type { SeedMedia } from './catalogue';

export async function seedContent(db: Db, media: SeedMedia, customerIds: number[]) {
  const pictures: Parameters<typeof writePicture>[] = [];

  const posts = await db
    .insert(blogPosts)
    .values(newsPosts.map((p) => ({ slug: p.slug, image: `/media/news/${p.slug}_1.webp`, publishedAt: new Date(`${p.date}T08:00:00Z`) })))
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  await db.insert(blogPostTranslations).values(
    newsPosts.flatMap((p) => {
      const postId = posts.find((x) => x.slug === p.slug)!.id;
      return LOCALES.map((locale) => ({ postId, locale, title: p.title[locale], excerpt: p.excerpt[locale], body: p.body[locale] }));
    }),
  );
  const newsColors = ['#7B2D26', '#8A5A12', '#2F6B2F', '#343A40'];
  newsPosts.forEach((p, i) =>
    pictures.push([
      path.join('news', `${p.slug}_1.webp`),
      { motif: p.motif, color: newsColors[i % newsColors.length]!, variant: 2, width: 1200, height: 630 },
    ]),
  );

  for (const [code, list] of Object.entries(seedSliders)) {
    const [slider] = await db.insert(sliders).values({ code, name: `Home slider (${code})` }).returning();
    await db.insert(slides).values(
      list.map((s, position) => {
        const file = `${code}-${position + 1}_1.webp`;
        pictures.push([path.join('slides', file), { motif: s.motif, color: s.color, variant: 3, width: 1600, height: 640 }]);
        return { sliderId: slider!.id, position, title: s.title, subtitle: s.subtitle, ctaLabel: s.cta, href: s.href, image: `/media/slides/${file}`, color: s.color };
      }),
    );
  }

  await db.insert(pageDocuments).values(
    contentPages.map((p) => ({ kind: 'page' as const, slug: p.slug, title: p.title, description: p.description, blocks: p.blocks })),
  );
  const [canvas] = await db
    .insert(pageDocuments)
    .values({
      kind: 'canvas',
      title: { it: 'Promo Vendemmia 2026', en: 'Harvest 2026 promotion', es: 'Promoción Vendimia 2026' },
      description: { it: 'Il 5% in meno per la vendemmia', en: '5% off for the harvest', es: 'Un 5% menos para la vendimia' },
      blocks: {
        it: [
          { type: 'hero', title: 'Promo Vendemmia 2026', subtitle: 'Il 5% in meno su lieviti, coadiuvanti e tappi per ordini da 300 €.' },
          { type: 'products', title: 'Prodotti in promozione', category: 'enologia', limit: 8 },
        ],
        en: [
          { type: 'hero', title: 'Harvest 2026 promotion', subtitle: '5% off yeasts, fining agents and corks on orders from €300.' },
          { type: 'products', title: 'Products on promotion', category: 'enologia', limit: 8 },
        ],
        es: [
          { type: 'hero', title: 'Promoción Vendimia 2026', subtitle: 'Un 5% menos en levaduras, coadyuvantes y tapones en pedidos desde 300 €.' },
          { type: 'products', title: 'Productos en promoción', category: 'enologia', limit: 8 },
        ],
      },
    })
    .returning({ id: pageDocuments.id });

  const docs = [
    { category: 'catalogue' as const, fileName: 'catalogo-enologia-2026.pdf', title: { it: 'Catalogo enologia 2026', en: 'Winemaking catalogue 2026', es: 'Catálogo de enología 2026' }, customerId: null },
    { category: 'catalogue' as const, fileName: 'catalogo-birra-2026.pdf', title: { it: 'Catalogo birrificazione 2026', en: 'Homebrewing catalogue 2026', es: 'Catálogo de cerveza casera 2026' }, customerId: null },
    { category: 'manual' as const, fileName: 'guida-solfitazione.pdf', title: { it: 'Guida alla solfitazione', en: 'Sulphiting guide', es: 'Guía de sulfitado' }, customerId: null },
    { category: 'certificate' as const, fileName: 'certificato-moca-tappi.pdf', title: { it: 'Certificato MOCA tappi', en: 'Food contact certificate for corks', es: 'Certificado de contacto alimentario de tapones' }, customerId: null },
    ...customerIds.slice(0, 3).map((customerId, i) => ({
      category: 'price_list' as const,
      fileName: `listino-riservato-C000${i + 1}.pdf`,
      title: { it: 'Listino riservato 2026', en: 'Reserved price list 2026', es: 'Tarifa reservada 2026' },
      customerId,
    })),
  ];
  const sizes = new Map<string, number>();
  if (media.mediaDir) {
    for (const d of docs) {
      // A customer's own documents never go to the public media folder.
      const root = d.customerId === null ? media.mediaDir : media.privateDir;
      if (!root) continue;
      const dir = path.join(root, 'documents');
      await mkdir(dir, { recursive: true });
      sizes.set(d.fileName, await writeDemoPdf(path.join(dir, d.fileName), d.title));
    }
    await runLimited(pictures, 4, ([file, spec]) => writePicture(path.join(media.mediaDir!, file), spec));
  }
  await db.insert(documents).values(
    docs.map((d) => ({ ...d, description: d.title, mimeType: 'application/pdf', sizeBytes: sizes.get(d.fileName) ?? 0 })),
  );
  return { canvasId: canvas!.id };
}

/** One file serves every locale (a document has one file), so it carries its title in each language. */
async function writeDemoPdf(file: string, title: L10nJson): Promise<number> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title.it, Author: 'Vinoshop' } });
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(file);
    out.on('finish', resolve);
    out.on('error', reject);
    doc.pipe(out);
  });
  doc.fontSize(24).fillColor('#D73731').text('Vinoshop', { continued: false });
  doc.moveDown().fontSize(18).fillColor('#343A40').text(title.it);
  const others = new Set(LOCALES.map((locale) => title[locale] ?? '').filter((text) => text && text !== title.it));
  for (const text of others) doc.fontSize(12).fillColor('#555555').text(text);
  doc.moveDown().fontSize(11).fillColor('#000000').text('Via Alba 12, 12051 Alba (CN), Italia · info@vinoshop.example · +39 0173 000000');
  doc.end();
  await done;
  return (await stat(file)).size;
}
