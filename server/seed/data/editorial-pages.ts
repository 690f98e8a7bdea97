// Demo content pages (page-builder blocks) for Vinoshop S.r.l., in Italian, English and Spanish.
// The block structure of each page is identical in every language: only the texts differ.
import type { SeedContentPage } from './types';

export const contentPages: SeedContentPage[] = [
  {
    slug: 'chi-siamo',
    title: { it: "Chi siamo", en: "About us", es: "Quiénes somos" },
    description: {
      it: "Fondata ad Alba nel 1987, Vinoshop fornisce attrezzature e prodotti per enologia, birrificazione e giardinaggio a professionisti e appassionati.",
      en: "Founded in Alba in 1987, Vinoshop supplies winemaking, homebrewing and gardening equipment and supplies to businesses and hobbyists.",
      es: "Vinoshop, fundada en Alba en 1987, suministra equipos y productos de enología, cerveza y jardinería a profesionales y aficionados.",
    },
    blocks: {
      it: [
        {
          type: 'hero',
          title: "Dal 1987 al fianco di chi produce",
          subtitle: "Da Alba, nel cuore delle Langhe, riforniamo cantine, birrifici, garden center e appassionati in tutta Italia e in Europa.",
          cta: { label: "Scopri il catalogo", href: '/p' },
        },
        { type: 'heading', level: 2, text: "La nostra storia" },
        {
          type: 'paragraph',
          text: "Vinoshop nasce ad Alba nel 1987 come piccola rivendita di articoli enologici per i vignaioli delle Langhe e del Roero. Negli anni abbiamo allargato l'offerta alla birra fatta in casa e al giardinaggio, senza perdere l'abitudine di conoscere di persona i nostri clienti e le loro esigenze. Oggi Vinoshop S.r.l. serve aziende e privati con il magazzino di Alba, una rete di agenti di zona e un negozio online in italiano, inglese e spagnolo.",
        },
        {
          type: 'features',
          items: [
            { title: "Enologia", text: "Dalla vendemmia all'imbottigliamento: torchi, pigiadiraspatrici, lieviti, tappi e tutto il necessario per la cantina." },
            { title: "Birrificazione", text: "Malti, luppoli, lieviti e impianti per chi fa birra, dal kit per principianti al piccolo birrificio." },
            { title: "Giardinaggio", text: "Sementi, concimi, attrezzi e irrigazione per orti, giardini e garden center." },
          ],
        },
        {
          type: 'quote',
          text: "Abbiamo cominciato vendendo tappi e damigiane ai vignaioli della zona. Li serviamo ancora oggi, e con loro migliaia di clienti in tutta Europa.",
          author: "I fondatori di Vinoshop",
        },
        { type: 'heading', level: 2, text: "Come lavoriamo" },
        {
          type: 'list',
          items: [
            "Consulenza tecnica da parte di persone con esperienza in cantina, in birrificio e in vivaio",
            "Listini dedicati e agenti di zona per le aziende",
            "Spedizioni rapide dal nostro magazzino di Alba",
            "Assistenza post-vendita e ricambi per le attrezzature che vendiamo",
          ],
        },
        {
          type: 'cta',
          label: "Contattaci",
          href: '/contatti',
          text: "Vuoi diventare cliente o parlare con l'agente della tua zona? Scrivici a info@vinoshop.example o chiamaci al +39 0173 000000.",
        },
      ],
      en: [
        {
          type: 'hero',
          title: "Supporting producers since 1987",
          subtitle: "From Alba, in the heart of the Langhe, we supply wineries, breweries, garden centres and hobbyists across Italy and Europe.",
          cta: { label: "Browse the catalogue", href: '/p' },
        },
        { type: 'heading', level: 2, text: "Our story" },
        {
          type: 'paragraph',
          text: "Vinoshop was founded in Alba in 1987 as a small shop selling winemaking supplies to growers in the Langhe and Roero. Over the years we have branched out into homebrewing and gardening, but we still make a point of getting to know our customers and what they need. Today Vinoshop S.r.l. serves businesses and private customers through its warehouse in Alba, a network of local sales agents and an online shop in Italian, English and Spanish.",
        },
        {
          type: 'features',
          items: [
            { title: "Winemaking", text: "From harvest to bottling: presses, crusher-destemmers, yeasts, corks and everything else the cellar needs." },
            { title: "Homebrewing", text: "Malts, hops, yeasts and kit for brewers, from beginner sets to small commercial breweries." },
            { title: "Gardening", text: "Seeds, fertilisers, tools and irrigation for vegetable plots, gardens and garden centres." },
          ],
        },
        {
          type: 'quote',
          text: "We started out selling corks and demijohns to local growers. We still supply them today, along with thousands of customers all over Europe.",
          author: "The founders of Vinoshop",
        },
        { type: 'heading', level: 2, text: "How we work" },
        {
          type: 'list',
          items: [
            "Technical advice from people with hands-on experience in cellars, breweries and nurseries",
            "Dedicated price lists and local sales agents for businesses",
            "Fast shipping from our warehouse in Alba",
            "After-sales support and spare parts for the equipment we sell",
          ],
        },
        {
          type: 'cta',
          label: "Get in touch",
          href: '/contatti',
          text: "Want to open a trade account or speak to your local agent? Email info@vinoshop.example or call +39 0173 000000.",
        },
      ],
      es: [
        {
          type: 'hero',
          title: "Al lado de los productores desde 1987",
          subtitle: "Desde Alba, en el corazón de las Langhe, abastecemos a bodegas, cerveceras, centros de jardinería y aficionados de Italia y de toda Europa.",
          cta: { label: "Ver el catálogo", href: '/p' },
        },
        { type: 'heading', level: 2, text: "Nuestra historia" },
        {
          type: 'paragraph',
          text: "Vinoshop nació en Alba en 1987 como una pequeña tienda de artículos enológicos para los viticultores de las Langhe y el Roero. Con los años ampliamos la oferta a la cerveza casera y la jardinería, sin perder la costumbre de conocer en persona a nuestros clientes y lo que necesitan. Hoy Vinoshop S.r.l. atiende a empresas y particulares con su almacén de Alba, una red de agentes comerciales por zonas y una tienda online en italiano, inglés y español.",
        },
        {
          type: 'features',
          items: [
            { title: "Enología", text: "De la vendimia al embotellado: prensas, despalilladoras, levaduras, tapones y todo lo que necesita la bodega." },
            { title: "Elaboración de cerveza", text: "Maltas, lúpulos, levaduras y equipos para hacer cerveza, del kit de iniciación a la pequeña cervecera." },
            { title: "Jardinería", text: "Semillas, abonos, herramientas y riego para huertos, jardines y centros de jardinería." },
          ],
        },
        {
          type: 'quote',
          text: "Empezamos vendiendo tapones y damajuanas a los viticultores de la zona. Hoy seguimos trabajando con ellos, y con miles de clientes en toda Europa.",
          author: "Los fundadores de Vinoshop",
        },
        { type: 'heading', level: 2, text: "Cómo trabajamos" },
        {
          type: 'list',
          items: [
            "Asesoramiento técnico de personas con experiencia en bodega, cervecera y vivero",
            "Tarifas específicas y agentes comerciales por zonas para empresas",
            "Envíos rápidos desde nuestro almacén de Alba",
            "Servicio posventa y recambios para los equipos que vendemos",
          ],
        },
        {
          type: 'cta',
          label: "Contacta con nosotros",
          href: '/contatti',
          text: "¿Quieres abrir una cuenta de empresa o hablar con el agente de tu zona? Escríbenos a info@vinoshop.example o llámanos al +39 0173 000000.",
        },
      ],
    },
  },
  {
    slug: 'mission',
    title: { it: "La nostra missione", en: "Our mission", es: "Nuestra misión" },
    description: {
      it: "La missione di Vinoshop è offrire a professionisti e appassionati prodotti affidabili e competenze concrete per fare vino, birra e orto.",
      en: "Vinoshop's mission is to give professionals and hobbyists reliable products and practical know-how for making wine and beer and growing their own.",
      es: "La misión de Vinoshop es ofrecer a profesionales y aficionados productos fiables y conocimientos prácticos para elaborar vino y cerveza y cultivar el huerto.",
    },
    blocks: {
      it: [
        {
          type: 'hero',
          title: "Aiutiamo chi produce a lavorare meglio",
          subtitle: "Prodotti affidabili, consigli concreti e consegne puntuali, per la cantina come per l'orto di casa.",
        },
        {
          type: 'paragraph',
          text: "Che tu gestisca una cantina da centomila bottiglie o stia preparando la tua prima cotta di birra in garage, ti servono le stesse cose: materiali di cui fidarti, qualcuno che risponda alle tue domande e merce che arrivi quando serve. È il lavoro che facciamo ogni giorno.",
        },
        { type: 'heading', level: 2, text: "I nostri impegni" },
        {
          type: 'features',
          items: [
            { title: "Qualità verificata", text: "Selezioniamo fornitori e prodotti e li proviamo prima di inserirli a catalogo." },
            { title: "Competenza condivisa", text: "Schede tecniche chiare, dosaggi indicati e un servizio clienti che conosce ciò che vende." },
            { title: "Servizio puntuale", text: "Ordini evasi entro 3 giorni lavorativi e disponibilità aggiornata in tempo reale." },
            { title: "Un solo fornitore", text: "Enologia, birrificazione e giardinaggio in un unico ordine, con un unico interlocutore." },
          ],
        },
        { type: 'heading', level: 2, text: "Guardando avanti" },
        {
          type: 'paragraph',
          text: "Vogliamo diffondere la cultura del fare da sé e sostenere le piccole aziende agricole e artigiane, riducendo al tempo stesso imballaggi e sprechi lungo tutta la filiera.",
        },
        {
          type: 'cta',
          label: "Scopri chi siamo",
          href: '/chi-siamo',
          text: "Quasi quarant'anni di storia, cominciata ad Alba.",
        },
      ],
      en: [
        {
          type: 'hero',
          title: "Helping producers do their best work",
          subtitle: "Reliable products, practical advice and on-time delivery, whether for a winery or a back-garden veg patch.",
        },
        {
          type: 'paragraph',
          text: "Whether you run a winery bottling a hundred thousand bottles a year or are brewing your first batch of beer in the garage, you need the same things: supplies you can trust, someone to answer your questions and deliveries that turn up when you need them. That is what we work on every day.",
        },
        { type: 'heading', level: 2, text: "What we promise" },
        {
          type: 'features',
          items: [
            { title: "Tested quality", text: "We vet our suppliers and try products out before they go into the catalogue." },
            { title: "Shared know-how", text: "Clear data sheets, stated dosages and a customer service team that knows what it sells." },
            { title: "Dependable service", text: "Orders processed within 3 working days and stock levels updated in real time." },
            { title: "One supplier", text: "Winemaking, brewing and gardening in a single order, with a single point of contact." },
          ],
        },
        { type: 'heading', level: 2, text: "Looking ahead" },
        {
          type: 'paragraph',
          text: "We want to spread the do-it-yourself spirit and support small farms and craft producers, while cutting packaging and waste all along the supply chain.",
        },
        {
          type: 'cta',
          label: "Learn more about us",
          href: '/chi-siamo',
          text: "Almost forty years of history, starting in Alba.",
        },
      ],
      es: [
        {
          type: 'hero',
          title: "Ayudamos a los productores a trabajar mejor",
          subtitle: "Productos fiables, consejos prácticos y entregas puntuales, tanto para la bodega como para el huerto de casa.",
        },
        {
          type: 'paragraph',
          text: "Tanto si diriges una bodega de cien mil botellas como si preparas tu primera cerveza en el garaje, necesitas lo mismo: materiales de confianza, alguien que resuelva tus dudas y pedidos que lleguen cuando hacen falta. En eso trabajamos cada día.",
        },
        { type: 'heading', level: 2, text: "Nuestros compromisos" },
        {
          type: 'features',
          items: [
            { title: "Calidad comprobada", text: "Seleccionamos proveedores y productos, y los probamos antes de incluirlos en el catálogo." },
            { title: "Conocimiento compartido", text: "Fichas técnicas claras, dosis indicadas y un servicio de atención al cliente que conoce lo que vende." },
            { title: "Servicio puntual", text: "Pedidos tramitados en un plazo de 3 días laborables y existencias actualizadas en tiempo real." },
            { title: "Un solo proveedor", text: "Enología, cerveza y jardinería en un único pedido, con un único interlocutor." },
          ],
        },
        { type: 'heading', level: 2, text: "Mirando al futuro" },
        {
          type: 'paragraph',
          text: "Queremos difundir la cultura del «hazlo tú mismo» y apoyar a las pequeñas explotaciones agrícolas y a los productores artesanos, reduciendo a la vez embalajes y desperdicios en toda la cadena.",
        },
        {
          type: 'cta',
          label: "Conoce quiénes somos",
          href: '/chi-siamo',
          text: "Casi cuarenta años de historia que empezaron en Alba.",
        },
      ],
    },
  },
  {
    slug: 'valori',
    title: { it: "I nostri valori", en: "Our values", es: "Nuestros valores" },
    description: {
      it: "I valori che guidano Vinoshop dal 1987: competenza, affidabilità, rispetto per il territorio e attenzione alle persone.",
      en: "The values that have guided Vinoshop since 1987: expertise, reliability, respect for the land and care for people.",
      es: "Los valores que guían a Vinoshop desde 1987: conocimiento, fiabilidad, respeto por el territorio y cuidado de las personas.",
    },
    blocks: {
      it: [
        {
          type: 'hero',
          title: "Quello in cui crediamo",
          subtitle: "Quattro principi che ci accompagnano da quando abbiamo aperto ad Alba, nel 1987.",
        },
        {
          type: 'features',
          items: [
            { title: "Competenza", text: "Parliamo la lingua di enologi, birrai e giardinieri, perché molti di noi lo sono stati o lo sono ancora." },
            { title: "Affidabilità", text: "Prezzi chiari, disponibilità reali e impegni rispettati: un buon fornitore deve essere prevedibile." },
            { title: "Territorio", text: "Siamo nati tra le vigne delle Langhe e lavoriamo per un'agricoltura più sostenibile." },
            { title: "Persone", text: "Clienti, colleghi, agenti e fornitori: i rapporti durano quando c'è rispetto reciproco." },
          ],
        },
        { type: 'heading', level: 2, text: "La sostenibilità, in pratica" },
        {
          type: 'list',
          items: [
            "Scatole in cartone riciclato e riempitivi di carta",
            "Spedizioni raggruppate per ridurre i viaggi",
            "Prodotti ammessi in agricoltura biologica segnalati nella scheda",
            "Ricambi disponibili per allungare la vita delle attrezzature",
          ],
        },
        {
          type: 'quote',
          text: "Un fornitore si giudica quando qualcosa va storto: è lì che conta avere qualcuno che risponde al telefono.",
          author: "Una cantina del Roero, nostra cliente dal 1994",
        },
        {
          type: 'cta',
          label: "La nostra storia",
          href: '/chi-siamo',
          text: "Scopri come è nata e cresciuta Vinoshop.",
        },
      ],
      en: [
        {
          type: 'hero',
          title: "What we believe in",
          subtitle: "Four principles that have stayed with us since we opened in Alba in 1987.",
        },
        {
          type: 'features',
          items: [
            { title: "Expertise", text: "We speak the language of winemakers, brewers and gardeners, because many of us have been one, or still are." },
            { title: "Reliability", text: "Clear prices, real stock levels and promises kept: a good supplier should be predictable." },
            { title: "The land", text: "We grew up among the vineyards of the Langhe and we work towards more sustainable farming." },
            { title: "People", text: "Customers, colleagues, agents and suppliers: relationships last when there is mutual respect." },
          ],
        },
        { type: 'heading', level: 2, text: "Sustainability in practice" },
        {
          type: 'list',
          items: [
            "Recycled cardboard boxes and paper void fill",
            "Grouped shipments to cut down on journeys",
            "Products approved for organic farming flagged on the product page",
            "Spare parts available to extend the life of equipment",
          ],
        },
        {
          type: 'quote',
          text: "You find out how good a supplier is when something goes wrong. That's when it matters to have someone who picks up the phone.",
          author: "A Roero winery, a customer since 1994",
        },
        {
          type: 'cta',
          label: "Our story",
          href: '/chi-siamo',
          text: "Find out how Vinoshop started and grew.",
        },
      ],
      es: [
        {
          type: 'hero',
          title: "En qué creemos",
          subtitle: "Cuatro principios que nos acompañan desde que abrimos en Alba en 1987.",
        },
        {
          type: 'features',
          items: [
            { title: "Conocimiento", text: "Hablamos el idioma de enólogos, cerveceros y jardineros, porque muchos de nosotros lo hemos sido o lo seguimos siendo." },
            { title: "Fiabilidad", text: "Precios claros, existencias reales y compromisos cumplidos: un buen proveedor tiene que ser previsible." },
            { title: "Territorio", text: "Nacimos entre los viñedos de las Langhe y trabajamos por una agricultura más sostenible." },
            { title: "Personas", text: "Clientes, compañeros, agentes y proveedores: las relaciones duran cuando hay respeto mutuo." },
          ],
        },
        { type: 'heading', level: 2, text: "Sostenibilidad, en la práctica" },
        {
          type: 'list',
          items: [
            "Cajas de cartón reciclado y relleno de papel",
            "Envíos agrupados para reducir desplazamientos",
            "Productos aptos para agricultura ecológica señalados en la ficha",
            "Recambios disponibles para alargar la vida de los equipos",
          ],
        },
        {
          type: 'quote',
          text: "A un proveedor se le conoce cuando algo sale mal: ahí es cuando importa que alguien conteste al teléfono.",
          author: "Una bodega del Roero, cliente desde 1994",
        },
        {
          type: 'cta',
          label: "Nuestra historia",
          href: '/chi-siamo',
          text: "Descubre cómo nació y creció Vinoshop.",
        },
      ],
    },
  },
  {
    slug: 'settori',
    title: { it: "Settori serviti", en: "Who we serve", es: "Sectores a los que servimos" },
    description: {
      it: "Cantine, birrifici, garden center e appassionati: ecco come Vinoshop supporta ogni settore con prodotti e servizi dedicati.",
      en: "Wineries, breweries, garden centres and hobbyists: see how Vinoshop supports each sector with dedicated products and services.",
      es: "Bodegas, cerveceras, centros de jardinería y aficionados: descubre cómo Vinoshop apoya a cada sector con productos y servicios específicos.",
    },
    blocks: {
      it: [
        {
          type: 'hero',
          title: "Un partner per ogni filiera",
          subtitle: "Dalla grande cantina all'hobbista, prodotti e servizi pensati per il tuo modo di lavorare.",
          cta: { label: "Vai al catalogo", href: '/p' },
        },
        {
          type: 'features',
          items: [
            { title: "Cantine", text: "Dalla vendemmia all'imbottigliamento, con forniture in quantità professionali e consegne programmate." },
            { title: "Birrifici", text: "Materie prime, fermentatori e prodotti per la pulizia per birrifici artigianali e brewpub." },
            { title: "Garden center", text: "Sementi, concimi, vasi e attrezzi in confezioni pronte per lo scaffale, a condizioni riservate ai rivenditori." },
            { title: "Appassionati", text: "Kit per iniziare, piccole confezioni e consigli per chi fa vino, birra e orto in casa." },
          ],
        },
        { type: 'heading', level: 2, text: "Servizi per le aziende" },
        {
          type: 'list',
          items: [
            "Listini riservati con prezzi IVA esclusa",
            "Un agente di zona che ti segue di persona",
            "Ordini ricorrenti e consegne programmate in base alla vendemmia e alla stagione",
            "Fatturazione elettronica e documenti di trasporto in regola",
            "Consulenza tecnica nella scelta di prodotti e dosaggi",
          ],
        },
        { type: 'heading', level: 2, text: "Per gli appassionati" },
        {
          type: 'paragraph',
          text: "Fai il vino con l'uva del tuo filare, la birra in cucina o coltivi l'orto sul terrazzo? Nel negozio online trovi kit per iniziare, piccole confezioni e guide pratiche, con prezzi IVA inclusa e consegna a domicilio.",
        },
        {
          type: 'cta',
          label: "Contatta un agente",
          href: '/contatti',
          text: "Hai un'azienda? Ti mettiamo in contatto con l'agente della tua zona.",
        },
      ],
      en: [
        {
          type: 'hero',
          title: "A partner for every trade",
          subtitle: "From large wineries to weekend hobbyists, products and services that fit the way you work.",
          cta: { label: "Browse the catalogue", href: '/p' },
        },
        {
          type: 'features',
          items: [
            { title: "Wineries", text: "Everything from harvest to bottling, in trade quantities and with scheduled deliveries." },
            { title: "Breweries", text: "Ingredients, fermenters and cleaning products for craft breweries and brewpubs." },
            { title: "Garden centres", text: "Seeds, fertilisers, pots and tools in shelf-ready packs, on reseller terms." },
            { title: "Hobbyists", text: "Starter kits, small packs and advice for making wine and beer and growing vegetables at home." },
          ],
        },
        { type: 'heading', level: 2, text: "Services for businesses" },
        {
          type: 'list',
          items: [
            "Trade price lists, with prices excluding VAT",
            "A local sales agent who looks after you in person",
            "Repeat orders and deliveries scheduled around the harvest and the growing season",
            "Electronic invoicing and compliant delivery notes",
            "Technical advice on choosing products and dosages",
          ],
        },
        { type: 'heading', level: 2, text: "For hobbyists" },
        {
          type: 'paragraph',
          text: "Making wine from your own vines, brewing beer in the kitchen or growing vegetables on the balcony? Our online shop has starter kits, small packs and practical guides, with prices including VAT and delivery to your door.",
        },
        {
          type: 'cta',
          label: "Contact a sales agent",
          href: '/contatti',
          text: "Running a business? We'll put you in touch with your local agent.",
        },
      ],
      es: [
        {
          type: 'hero',
          title: "Un socio para cada sector",
          subtitle: "De la gran bodega al aficionado, productos y servicios pensados para tu forma de trabajar.",
          cta: { label: "Ver el catálogo", href: '/p' },
        },
        {
          type: 'features',
          items: [
            { title: "Bodegas", text: "De la vendimia al embotellado, con suministros en cantidades profesionales y entregas programadas." },
            { title: "Cerveceras", text: "Materias primas, fermentadores y productos de limpieza para cerveceras artesanas y brewpubs." },
            { title: "Centros de jardinería", text: "Semillas, abonos, macetas y herramientas en envases listos para el lineal, con condiciones para distribuidores." },
            { title: "Aficionados", text: "Kits de iniciación, envases pequeños y consejos para elaborar vino y cerveza y cultivar el huerto en casa." },
          ],
        },
        { type: 'heading', level: 2, text: "Servicios para empresas" },
        {
          type: 'list',
          items: [
            "Tarifas profesionales con precios sin IVA",
            "Un agente de zona que te atiende en persona",
            "Pedidos periódicos y entregas programadas según la vendimia y la temporada",
            "Facturación electrónica y albaranes en regla",
            "Asesoramiento técnico para elegir productos y dosis",
          ],
        },
        { type: 'heading', level: 2, text: "Para aficionados" },
        {
          type: 'paragraph',
          text: "¿Haces vino con la uva de tus cepas, cerveza en la cocina o cultivas el huerto en la terraza? En la tienda online encontrarás kits de iniciación, envases pequeños y guías prácticas, con precios con IVA incluido y envío a domicilio.",
        },
        {
          type: 'cta',
          label: "Contacta con un agente",
          href: '/contatti',
          text: "¿Tienes una empresa? Te ponemos en contacto con el agente de tu zona.",
        },
      ],
    },
  },
  {
    slug: 'offerte',
    title: { it: "Offerte", en: "Special offers", es: "Ofertas" },
    description: {
      it: "Le offerte Vinoshop su enologia, birra e giardinaggio: i prodotti più venduti e le promozioni in corso a prezzi scontati.",
      en: "Vinoshop offers on winemaking, brewing and gardening supplies: our best sellers and current promotions at reduced prices.",
      es: "Ofertas de Vinoshop en enología, cerveza y jardinería: los productos más vendidos y las promociones en curso a precios rebajados.",
    },
    blocks: {
      it: [
        {
          type: 'hero',
          title: "Le offerte del momento",
          subtitle: "Prezzi speciali sui prodotti più richiesti da cantine, birrifici e appassionati.",
          cta: { label: "Vedi tutti i prodotti", href: '/p' },
        },
        { type: 'products', title: "I più venduti in offerta", customField: { key: 'shop', value: 'bestseller' }, onOffer: true, limit: 8 },
        { type: 'heading', level: 2, text: "Speciale cantina" },
        {
          type: 'paragraph',
          text: "Prepara la cantina per la prossima stagione: lieviti, coadiuvanti, tappi e attrezzature per l'enologia a prezzo ridotto, fino a esaurimento scorte.",
        },
        { type: 'products', title: "Offerte enologia", category: 'enologia', onOffer: true, limit: 8 },
        { type: 'heading', level: 3, text: "Buono a sapersi" },
        {
          type: 'list',
          items: [
            "Il prezzo in offerta è indicato accanto al prezzo di listino barrato",
            "Le offerte valgono fino a esaurimento scorte",
            "Per le aziende i prezzi sono IVA esclusa, per i privati IVA inclusa",
            "Le offerte non sono cumulabili con altri codici sconto, salvo diversa indicazione",
          ],
        },
        {
          type: 'cta',
          label: "Offerte stagionali",
          href: '/offerte-stagionali',
          text: "Orto, giardino e birra fatta in casa: i prezzi speciali di questa stagione.",
        },
        {
          type: 'cta',
          label: "Vai a Enologia",
          href: '/c/enologia',
          text: "Tutte le attrezzature e i prodotti per la cantina in un unico posto.",
        },
      ],
      en: [
        {
          type: 'hero',
          title: "Current offers",
          subtitle: "Special prices on the products wineries, breweries and hobbyists order most.",
          cta: { label: "See all products", href: '/p' },
        },
        { type: 'products', title: "Best sellers on offer", customField: { key: 'shop', value: 'bestseller' }, onOffer: true, limit: 8 },
        { type: 'heading', level: 2, text: "Cellar specials" },
        {
          type: 'paragraph',
          text: "Get your cellar ready for the new season: yeasts, fining agents, corks and winemaking equipment at reduced prices, while stocks last.",
        },
        { type: 'products', title: "Winemaking offers", category: 'enologia', onOffer: true, limit: 8 },
        { type: 'heading', level: 3, text: "Good to know" },
        {
          type: 'list',
          items: [
            "The offer price is shown next to the crossed-out list price",
            "Offers are valid while stocks last",
            "Business customers see prices excluding VAT; consumers see prices including VAT",
            "Offers cannot be combined with other discount codes unless stated otherwise",
          ],
        },
        {
          type: 'cta',
          label: "Seasonal offers",
          href: '/offerte-stagionali',
          text: "Garden, veg patch and homebrewing: this season's special prices.",
        },
        {
          type: 'cta',
          label: "Shop winemaking",
          href: '/c/enologia',
          text: "All our cellar equipment and supplies in one place.",
        },
      ],
      es: [
        {
          type: 'hero',
          title: "Ofertas del momento",
          subtitle: "Precios especiales en los productos que más piden bodegas, cerveceras y aficionados.",
          cta: { label: "Ver todos los productos", href: '/p' },
        },
        { type: 'products', title: "Los más vendidos en oferta", customField: { key: 'shop', value: 'bestseller' }, onOffer: true, limit: 8 },
        { type: 'heading', level: 2, text: "Especial bodega" },
        {
          type: 'paragraph',
          text: "Prepara la bodega para la próxima temporada: levaduras, clarificantes, tapones y equipos de enología a precio reducido, hasta agotar existencias.",
        },
        { type: 'products', title: "Ofertas de enología", category: 'enologia', onOffer: true, limit: 8 },
        { type: 'heading', level: 3, text: "Conviene saber" },
        {
          type: 'list',
          items: [
            "El precio de oferta aparece junto al precio de tarifa tachado",
            "Las ofertas son válidas hasta agotar existencias",
            "Las empresas ven los precios sin IVA; los particulares, con IVA incluido",
            "Las ofertas no son acumulables con otros códigos de descuento, salvo que se indique lo contrario",
          ],
        },
        {
          type: 'cta',
          label: "Ofertas de temporada",
          href: '/offerte-stagionali',
          text: "Huerto, jardín y cerveza casera: los precios especiales de esta temporada.",
        },
        {
          type: 'cta',
          label: "Ir a Enología",
          href: '/c/enologia',
          text: "Todo el equipamiento y los productos para la bodega en un solo lugar.",
        },
      ],
    },
  },
  {
    slug: 'offerte-stagionali',
    title: { it: "Offerte stagionali", en: "Seasonal offers", es: "Ofertas de temporada" },
    description: {
      it: "Le offerte di stagione Vinoshop su orto, giardino e birra fatta in casa, a prezzi ridotti per un periodo limitato.",
      en: "Vinoshop's seasonal offers on gardening and homebrewing supplies, at reduced prices for a limited time.",
      es: "Las ofertas de temporada de Vinoshop en jardinería y cerveza casera, con precios rebajados durante un tiempo limitado.",
    },
    blocks: {
      it: [
        {
          type: 'hero',
          title: "Le offerte di stagione",
          subtitle: "Semine, potature, cotte di birra: ogni stagione ha i suoi prodotti, e i suoi prezzi speciali.",
          cta: { label: "Tutte le offerte", href: '/offerte' },
        },
        { type: 'heading', level: 2, text: "Nell'orto e in giardino" },
        {
          type: 'paragraph',
          text: "La primavera è il momento di seminare, concimare e rimettere in funzione l'impianto di irrigazione. Abbiamo ridotto i prezzi di sementi, concimi e attrezzi per farti partire con il piede giusto.",
        },
        { type: 'products', title: "Offerte giardinaggio", category: 'giardinaggio', onOffer: true, limit: 8 },
        { type: 'heading', level: 2, text: "Birra fatta in casa" },
        {
          type: 'paragraph',
          text: "Con le temperature miti la fermentazione si tiene sotto controllo più facilmente: è il momento giusto per la prima cotta o per provare una ricetta nuova. Kit, malti e luppoli a prezzo speciale.",
        },
        { type: 'products', title: "Offerte birrificazione", category: 'birrificazione', onOffer: true, limit: 8 },
        {
          type: 'cta',
          label: "Scopri il giardinaggio",
          href: '/c/giardinaggio',
          text: "Sementi, concimi, attrezzi e irrigazione per ogni stagione.",
        },
      ],
      en: [
        {
          type: 'hero',
          title: "This season's offers",
          subtitle: "Sowing, pruning, brew days: every season has its products, and its special prices.",
          cta: { label: "All offers", href: '/offerte' },
        },
        { type: 'heading', level: 2, text: "In the garden and veg patch" },
        {
          type: 'paragraph',
          text: "Spring is the time to sow, feed and get the watering system going again. We've cut the prices of seeds, fertilisers and tools to help you get the season off to a flying start.",
        },
        { type: 'products', title: "Gardening offers", category: 'giardinaggio', onOffer: true, limit: 8 },
        { type: 'heading', level: 2, text: "Homebrewing" },
        {
          type: 'paragraph',
          text: "Milder weather makes fermentation easier to keep under control, so now is the perfect time for your first brew or a new recipe. Kits, malts and hops at special prices.",
        },
        { type: 'products', title: "Homebrewing offers", category: 'birrificazione', onOffer: true, limit: 8 },
        {
          type: 'cta',
          label: "Shop gardening",
          href: '/c/giardinaggio',
          text: "Seeds, fertilisers, tools and irrigation for every season.",
        },
      ],
      es: [
        {
          type: 'hero',
          title: "Las ofertas de esta temporada",
          subtitle: "Siembra, poda, elaboración de cerveza: cada temporada tiene sus productos y sus precios especiales.",
          cta: { label: "Todas las ofertas", href: '/offerte' },
        },
        { type: 'heading', level: 2, text: "En el huerto y el jardín" },
        {
          type: 'paragraph',
          text: "La primavera es el momento de sembrar, abonar y poner a punto el riego. Hemos rebajado semillas, abonos y herramientas para que empieces la temporada con buen pie.",
        },
        { type: 'products', title: "Ofertas de jardinería", category: 'giardinaggio', onOffer: true, limit: 8 },
        { type: 'heading', level: 2, text: "Cerveza casera" },
        {
          type: 'paragraph',
          text: "Con temperaturas suaves, la fermentación es más fácil de controlar: el momento ideal para tu primera cerveza o para probar una receta nueva. Kits, maltas y lúpulos a precio especial.",
        },
        { type: 'products', title: "Ofertas de cerveza", category: 'birrificazione', onOffer: true, limit: 8 },
        {
          type: 'cta',
          label: "Ir a Jardinería",
          href: '/c/giardinaggio',
          text: "Semillas, abonos, herramientas y riego para cada temporada.",
        },
      ],
    },
  },
  {
    slug: 'codice-sconto',
    title: { it: "Codice sconto", en: "Discount code", es: "Código de descuento" },
    description: {
      it: "Con il codice BENVENUTO10 hai il 10% di sconto sul tuo primo ordine Vinoshop.",
      en: "Use the code BENVENUTO10 to get 10% off your first Vinoshop order.",
      es: "Con el código BENVENUTO10 tienes un 10 % de descuento en tu primer pedido en Vinoshop.",
    },
    blocks: {
      it: [
        {
          type: 'hero',
          title: "Benvenuto su Vinoshop",
          subtitle: "Sul tuo primo ordine hai il 10% di sconto su tutto il catalogo.",
        },
        {
          type: 'coupon',
          code: 'BENVENUTO10',
          text: "10% di sconto sul primo ordine. Copia il codice e inseriscilo nel carrello prima di confermare l'ordine.",
        },
        { type: 'heading', level: 2, text: "Come usarlo" },
        {
          type: 'list',
          items: [
            "Aggiungi al carrello i prodotti che ti interessano",
            "Inserisci BENVENUTO10 nel campo «Codice coupon»",
            "Lo sconto viene applicato subito al totale dei prodotti",
            "Completa l'ordine come di consueto",
          ],
        },
        { type: 'heading', level: 3, text: "Condizioni" },
        {
          type: 'paragraph',
          text: "Il codice vale una sola volta per cliente, solo sul primo ordine, e non è cumulabile con altri codici sconto. Lo sconto si applica al valore dei prodotti, spese di spedizione escluse.",
        },
        {
          type: 'paragraph',
          text: "Preferisci risparmiare sulla consegna? Con il codice SPEDIZIONEGRATIS la spedizione è gratuita. Ricorda che in ogni ordine puoi usare un solo codice.",
        },
        {
          type: 'cta',
          label: "Inizia lo shopping",
          href: '/p',
          text: "Tutto il necessario per enologia, birra e giardinaggio.",
        },
      ],
      en: [
        {
          type: 'hero',
          title: "Welcome to Vinoshop",
          subtitle: "Enjoy 10% off the whole catalogue on your first order.",
        },
        {
          type: 'coupon',
          code: 'BENVENUTO10',
          text: "10% off your first order. Copy the code and enter it in your cart before placing your order.",
        },
        { type: 'heading', level: 2, text: "How to use it" },
        {
          type: 'list',
          items: [
            "Add the products you want to your cart",
            "Enter BENVENUTO10 in the “Coupon code” field",
            "The discount is applied straight away to the product total",
            "Check out as usual",
          ],
        },
        { type: 'heading', level: 3, text: "Terms" },
        {
          type: 'paragraph',
          text: "The code can be used once per customer, on your first order only, and cannot be combined with other discount codes. The discount applies to the value of the products and does not cover shipping costs.",
        },
        {
          type: 'paragraph',
          text: "Would you rather save on delivery? The code SPEDIZIONEGRATIS gets you free shipping. Just remember that only one code can be used per order.",
        },
        {
          type: 'cta',
          label: "Start shopping",
          href: '/p',
          text: "Everything you need for winemaking, brewing and gardening.",
        },
      ],
      es: [
        {
          type: 'hero',
          title: "Te damos la bienvenida a Vinoshop",
          subtitle: "En tu primer pedido tienes un 10 % de descuento en todo el catálogo.",
        },
        {
          type: 'coupon',
          code: 'BENVENUTO10',
          text: "10 % de descuento en tu primer pedido. Copia el código e introdúcelo en el carrito antes de confirmar el pedido.",
        },
        { type: 'heading', level: 2, text: "Cómo usarlo" },
        {
          type: 'list',
          items: [
            "Añade al carrito los productos que quieras",
            "Introduce BENVENUTO10 en el campo «Código de cupón»",
            "El descuento se aplica al momento sobre el importe de los productos",
            "Finaliza el pedido como de costumbre",
          ],
        },
        { type: 'heading', level: 3, text: "Condiciones" },
        {
          type: 'paragraph',
          text: "El código puede usarse una sola vez por cliente, solo en el primer pedido, y no es acumulable con otros códigos de descuento. El descuento se aplica al importe de los productos, sin incluir los gastos de envío.",
        },
        {
          type: 'paragraph',
          text: "¿Prefieres ahorrarte el envío? Con el código SPEDIZIONEGRATIS el envío te sale gratis. Recuerda que solo se puede usar un código por pedido.",
        },
        {
          type: 'cta',
          label: "Empieza a comprar",
          href: '/p',
          text: "Todo lo que necesitas para enología, cerveza y jardinería.",
        },
      ],
    },
  },
  {
    slug: 'privacy',
    title: { it: "Informativa sulla privacy", en: "Privacy notice", es: "Política de privacidad" },
    description: {
      it: "Come Vinoshop S.r.l. tratta i dati personali di clienti e visitatori del sito, ai sensi del Regolamento (UE) 2016/679 (GDPR).",
      en: "How Vinoshop S.r.l. processes the personal data of customers and website visitors under Regulation (EU) 2016/679 (GDPR).",
      es: "Cómo trata Vinoshop S.r.l. los datos personales de clientes y visitantes del sitio web, conforme al Reglamento (UE) 2016/679 (RGPD).",
    },
    blocks: {
      it: [
        {
          type: 'hero',
          title: "Trasparenza sui tuoi dati",
          subtitle: "Come trattiamo i tuoi dati personali, ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR).",
        },
        { type: 'heading', level: 2, text: "Titolare del trattamento" },
        {
          type: 'paragraph',
          text: "Il titolare del trattamento è Vinoshop S.r.l., Via Alba 12, 12051 Alba (CN), Italia, P. IVA IT01234567890. Per qualsiasi domanda sulla privacy o per esercitare i tuoi diritti puoi scrivere a info@vinoshop.example o chiamare il +39 0173 000000.",
        },
        { type: 'heading', level: 2, text: "Quali dati trattiamo e perché" },
        {
          type: 'features',
          items: [
            {
              title: "Ordini e contratti",
              text: "Dati anagrafici, di contatto, di fatturazione e di consegna, per gestire account, ordini, pagamenti, spedizioni e assistenza. Senza questi dati non possiamo evadere l'ordine. Base giuridica: esecuzione del contratto (art. 6.1.b).",
            },
            {
              title: "Obblighi di legge",
              text: "Dati fiscali e contabili, conservati per gli adempimenti previsti dalla legge. Base giuridica: obbligo legale (art. 6.1.c).",
            },
            {
              title: "Newsletter e marketing",
              text: "Indirizzo email e preferenze, per inviarti offerte e novità solo se ci hai dato il consenso, che puoi revocare in qualsiasi momento. Base giuridica: consenso (art. 6.1.a).",
            },
            {
              title: "Sicurezza del sito",
              text: "Dati tecnici di navigazione e cookie tecnici, per far funzionare il sito e prevenire abusi. Base giuridica: legittimo interesse (art. 6.1.f).",
            },
          ],
        },
        { type: 'heading', level: 2, text: "Conservazione e destinatari" },
        {
          type: 'paragraph',
          text: "Conserviamo i dati per tutta la durata del rapporto; i documenti contabili e fiscali per 10 anni, come previsto dalla legge; i dati per il marketing fino alla revoca del consenso. I dati sono trattati da personale autorizzato e comunicati solo ai fornitori che ci aiutano a erogare il servizio (corrieri, gestori dei pagamenti, servizi informatici, consulenti), nominati responsabili del trattamento ove necessario, e, per i clienti aziendali, all'agente di zona. Non vendiamo i tuoi dati, non prendiamo decisioni automatizzate né facciamo profilazione e non trasferiamo dati fuori dallo Spazio economico europeo senza garanzie adeguate.",
        },
        { type: 'heading', level: 2, text: "I tuoi diritti" },
        {
          type: 'list',
          items: [
            "Accesso, rettifica e cancellazione dei dati",
            "Limitazione del trattamento e opposizione, anche al marketing",
            "Portabilità dei dati",
            "Revoca del consenso in qualsiasi momento, senza effetti sui trattamenti già svolti",
            "Reclamo al Garante per la protezione dei dati personali (garanteprivacy.it) o all'autorità di controllo del Paese in cui risiedi",
          ],
        },
      ],
      en: [
        {
          type: 'hero',
          title: "Transparency about your data",
          subtitle: "How we process your personal data, in accordance with Articles 13 and 14 of Regulation (EU) 2016/679 (GDPR).",
        },
        { type: 'heading', level: 2, text: "Data controller" },
        {
          type: 'paragraph',
          text: "The data controller is Vinoshop S.r.l., Via Alba 12, 12051 Alba (CN), Italy, VAT no. IT01234567890. For any privacy question, or to exercise your rights, email info@vinoshop.example or call +39 0173 000000.",
        },
        { type: 'heading', level: 2, text: "What data we process and why" },
        {
          type: 'features',
          items: [
            {
              title: "Orders and contracts",
              text: "Identity, contact, billing and delivery details, used to manage your account, orders, payments, deliveries and support. We cannot fulfil your order without them. Legal basis: performance of a contract (Art. 6(1)(b)).",
            },
            {
              title: "Legal obligations",
              text: "Tax and accounting data, kept to meet our statutory obligations. Legal basis: legal obligation (Art. 6(1)(c)).",
            },
            {
              title: "Newsletter and marketing",
              text: "Your email address and preferences, used to send you offers and news only if you have given your consent, which you can withdraw at any time. Legal basis: consent (Art. 6(1)(a)).",
            },
            {
              title: "Website security",
              text: "Technical browsing data and technical cookies, used to run the site and prevent misuse. Legal basis: legitimate interests (Art. 6(1)(f)).",
            },
          ],
        },
        { type: 'heading', level: 2, text: "Retention and recipients" },
        {
          type: 'paragraph',
          text: "We keep your data for as long as our relationship lasts, accounting and tax records for 10 years as required by law, and marketing data until you withdraw your consent. Your data is handled by authorised staff and shared only with the providers that help us run our service (couriers, payment providers, IT services, professional advisers), appointed as processors where required, and, for business customers, with their local sales agent. We do not sell your data, we do not carry out automated decision-making or profiling, and we do not transfer data outside the European Economic Area without appropriate safeguards.",
        },
        { type: 'heading', level: 2, text: "Your rights" },
        {
          type: 'list',
          items: [
            "Access to, rectification and erasure of your data",
            "Restriction of processing and objection, including to marketing",
            "Data portability",
            "Withdrawal of consent at any time, without affecting processing already carried out",
            "A complaint to the Italian data protection authority, the Garante per la protezione dei dati personali (garanteprivacy.it), or to the supervisory authority in your country of residence",
          ],
        },
      ],
      es: [
        {
          type: 'hero',
          title: "Transparencia con tus datos",
          subtitle: "Cómo tratamos tus datos personales, conforme a los artículos 13 y 14 del Reglamento (UE) 2016/679 (RGPD).",
        },
        { type: 'heading', level: 2, text: "Responsable del tratamiento" },
        {
          type: 'paragraph',
          text: "El responsable del tratamiento es Vinoshop S.r.l., Via Alba 12, 12051 Alba (CN), Italia, NIF-IVA IT01234567890. Para cualquier consulta sobre privacidad o para ejercer tus derechos, escribe a info@vinoshop.example o llama al +39 0173 000000.",
        },
        { type: 'heading', level: 2, text: "Qué datos tratamos y para qué" },
        {
          type: 'features',
          items: [
            {
              title: "Pedidos y contratos",
              text: "Datos identificativos, de contacto, de facturación y de entrega, para gestionar tu cuenta, los pedidos, los pagos, los envíos y la asistencia. Sin estos datos no podemos tramitar tu pedido. Base jurídica: ejecución del contrato (art. 6.1.b).",
            },
            {
              title: "Obligaciones legales",
              text: "Datos fiscales y contables, conservados para cumplir las obligaciones que marca la ley. Base jurídica: obligación legal (art. 6.1.c).",
            },
            {
              title: "Newsletter y marketing",
              text: "Tu correo electrónico y tus preferencias, para enviarte ofertas y novedades solo si nos has dado tu consentimiento, que puedes retirar en cualquier momento. Base jurídica: consentimiento (art. 6.1.a).",
            },
            {
              title: "Seguridad del sitio web",
              text: "Datos técnicos de navegación y cookies técnicas, para que el sitio funcione y para prevenir abusos. Base jurídica: interés legítimo (art. 6.1.f).",
            },
          ],
        },
        { type: 'heading', level: 2, text: "Conservación y destinatarios" },
        {
          type: 'paragraph',
          text: "Conservamos los datos mientras dure nuestra relación; los documentos contables y fiscales, durante 10 años, como exige la ley; y los datos de marketing, hasta que retires tu consentimiento. Los datos los trata personal autorizado y solo se comunican a los proveedores que nos ayudan a prestar el servicio (empresas de transporte, entidades de pago, servicios informáticos, asesores), designados encargados del tratamiento cuando es necesario, y, en el caso de los clientes empresa, al agente comercial de su zona. No vendemos tus datos, no tomamos decisiones automatizadas ni elaboramos perfiles, y no transferimos datos fuera del Espacio Económico Europeo sin las garantías adecuadas.",
        },
        { type: 'heading', level: 2, text: "Tus derechos" },
        {
          type: 'list',
          items: [
            "Acceso, rectificación y supresión de tus datos",
            "Limitación del tratamiento y oposición, también al marketing",
            "Portabilidad de los datos",
            "Retirada del consentimiento en cualquier momento, sin que afecte al tratamiento ya realizado",
            "Reclamación ante la autoridad italiana de protección de datos, el Garante per la protezione dei dati personali (garanteprivacy.it), o ante la autoridad de control de tu país de residencia, como la AEPD en España",
          ],
        },
      ],
    },
  },
  {
    slug: 'condizioni-di-vendita',
    title: { it: "Condizioni di vendita", en: "Terms of sale", es: "Condiciones de venta" },
    description: {
      it: "Le condizioni generali di vendita di Vinoshop S.r.l. per aziende e consumatori: prezzi, ordini, spedizioni, recesso e garanzia.",
      en: "Vinoshop S.r.l.'s general terms of sale for businesses and consumers: prices, orders, shipping, withdrawal and warranty.",
      es: "Las condiciones generales de venta de Vinoshop S.r.l. para empresas y consumidores: precios, pedidos, envíos, desistimiento y garantía.",
    },
    blocks: {
      it: [
        {
          type: 'hero',
          title: "Condizioni generali di vendita",
          subtitle: "Valgono per tutti gli acquisti da Vinoshop S.r.l., online o tramite i nostri agenti di zona, da parte di aziende e consumatori.",
        },
        { type: 'heading', level: 2, text: "Prezzi e ordini" },
        {
          type: 'list',
          items: [
            "Tutti i prezzi sono espressi in euro (EUR).",
            "Per i clienti aziendali i prezzi sono indicati IVA esclusa; per i consumatori sono comprensivi di IVA.",
            "Il contratto si conclude quando confermiamo l'ordine via email.",
            "Gli ordini vengono evasi entro 3 giorni lavorativi dalla conferma; per i prodotti non disponibili ti comunichiamo i tempi previsti.",
            "I metodi di pagamento accettati sono indicati al momento dell'ordine.",
          ],
        },
        { type: 'heading', level: 2, text: "Spedizione" },
        {
          type: 'paragraph',
          text: "Spediamo con corriere dal nostro magazzino di Alba in Italia e negli altri Paesi dell'Unione europea. Le spese di spedizione dipendono da peso e destinazione e sono indicate nel carrello prima della conferma dell'ordine. Ai tempi di evasione si aggiungono quelli di consegna del corriere. Al ricevimento controlla che l'imballo sia integro e annota eventuali danni sul documento di consegna del corriere.",
        },
        { type: 'heading', level: 2, text: "Recesso e garanzia" },
        {
          type: 'features',
          items: [
            {
              title: "Diritto di recesso",
              text: "I consumatori possono recedere entro 14 giorni dalla consegna, senza dover indicare il motivo, scrivendo a info@vinoshop.example. Rimborsiamo l'importo pagato, comprese le spese di consegna standard, entro 14 giorni dalla comunicazione; possiamo sospendere il rimborso fino al ricevimento dei prodotti o della prova della loro spedizione. I prodotti vanno restituiti integri entro 14 giorni, con spese di restituzione a carico del cliente. Sono esclusi i beni che si deteriorano rapidamente, come i lieviti freschi, e i prodotti sigillati aperti dopo la consegna per motivi igienici o di tutela della salute. Il recesso non si applica agli acquisti delle aziende.",
            },
            {
              title: "Garanzia legale",
              text: "Per i consumatori tutti i prodotti sono coperti dalla garanzia legale di conformità per 2 anni dalla consegna (Codice del consumo, artt. 128 e seguenti): in caso di difetto hai diritto alla riparazione o alla sostituzione gratuita oppure, se non sono possibili, a una riduzione del prezzo o alla risoluzione del contratto. Per i clienti aziendali si applica la garanzia per vizi prevista dal Codice civile, con denuncia entro 8 giorni dalla scoperta.",
            },
          ],
        },
        {
          type: 'paragraph',
          text: "Le presenti condizioni sono regolate dalla legge italiana. Ai consumatori restano garantite le tutele inderogabili del Paese di residenza e la possibilità di rivolgersi al giudice del luogo in cui risiedono; per i clienti aziendali è competente in via esclusiva il Foro di Asti.",
        },
        {
          type: 'cta',
          label: "Contattaci",
          href: '/contatti',
          text: "Hai domande su queste condizioni o su un ordine? Il nostro servizio clienti è a tua disposizione.",
        },
      ],
      en: [
        {
          type: 'hero',
          title: "General terms of sale",
          subtitle: "These terms apply to all purchases from Vinoshop S.r.l. by businesses and consumers, whether online or through our local sales agents.",
        },
        { type: 'heading', level: 2, text: "Prices and orders" },
        {
          type: 'list',
          items: [
            "All prices are in euros (EUR).",
            "Prices are shown excluding VAT for business customers and including VAT for consumers.",
            "The contract is concluded when we confirm your order by email.",
            "Orders are processed within 3 working days of confirmation; if an item is out of stock, we will let you know the expected lead time.",
            "Accepted payment methods are shown at checkout.",
          ],
        },
        { type: 'heading', level: 2, text: "Shipping" },
        {
          type: 'paragraph',
          text: "We ship by courier from our warehouse in Alba to Italy and the rest of the European Union. Shipping costs depend on weight and destination and are shown in your cart before you confirm your order. The courier's delivery time comes on top of our processing time. When your parcel arrives, check that the packaging is intact and note any damage on the courier's delivery slip.",
        },
        { type: 'heading', level: 2, text: "Withdrawal and warranty" },
        {
          type: 'features',
          items: [
            {
              title: "Right of withdrawal",
              text: "Consumers may withdraw from the contract within 14 days of delivery without giving a reason, by emailing info@vinoshop.example. We refund the amount paid, including standard delivery costs, within 14 days of being notified; we may withhold the refund until we have received the goods or proof that they have been sent back. Goods must be returned in their original condition within 14 days, and the customer pays the cost of returning them. The right does not apply to goods that deteriorate quickly, such as fresh yeast, or to sealed goods unsealed after delivery for health or hygiene reasons. Business purchases carry no right of withdrawal.",
            },
            {
              title: "Legal warranty",
              text: "Consumers are covered by the legal guarantee of conformity for 2 years from delivery (Italian Consumer Code, Art. 128 et seq.): if a product is faulty, you are entitled to a free repair or replacement or, where that is not possible, to a price reduction or to terminate the contract. For business customers the warranty against defects under the Italian Civil Code applies, and defects must be reported within 8 days of discovery.",
            },
          ],
        },
        {
          type: 'paragraph',
          text: "These terms are governed by Italian law. Consumers keep the mandatory protections of their country of residence and may bring proceedings in the courts where they live; for business customers, the Court of Asti has exclusive jurisdiction.",
        },
        {
          type: 'cta',
          label: "Contact us",
          href: '/contatti',
          text: "Questions about these terms or about an order? Our customer service team is happy to help.",
        },
      ],
      es: [
        {
          type: 'hero',
          title: "Condiciones generales de venta",
          subtitle: "Se aplican a todas las compras que empresas y consumidores realizan a Vinoshop S.r.l., online o a través de nuestros agentes de zona.",
        },
        { type: 'heading', level: 2, text: "Precios y pedidos" },
        {
          type: 'list',
          items: [
            "Todos los precios se expresan en euros (EUR).",
            "Para los clientes empresa, los precios se indican sin IVA; para los consumidores, con IVA incluido.",
            "El contrato se perfecciona cuando confirmamos el pedido por correo electrónico.",
            "Los pedidos se tramitan en un plazo de 3 días laborables desde la confirmación; si un artículo no está disponible, te indicamos el plazo previsto.",
            "Los métodos de pago aceptados se muestran al finalizar la compra.",
          ],
        },
        { type: 'heading', level: 2, text: "Envíos" },
        {
          type: 'paragraph',
          text: "Enviamos por mensajería desde nuestro almacén de Alba a Italia y al resto de la Unión Europea. Los gastos de envío dependen del peso y del destino y se muestran en el carrito antes de confirmar el pedido. Al plazo de tramitación se suma el plazo de entrega de la empresa de transporte. Cuando recibas el paquete, comprueba que el embalaje está intacto y anota cualquier daño en el albarán del transportista.",
        },
        { type: 'heading', level: 2, text: "Desistimiento y garantía" },
        {
          type: 'features',
          items: [
            {
              title: "Derecho de desistimiento",
              text: "Los consumidores pueden desistir del contrato en un plazo de 14 días desde la entrega, sin necesidad de justificarlo, escribiendo a info@vinoshop.example. Reembolsamos el importe pagado, incluidos los gastos de envío estándar, en un plazo de 14 días desde la comunicación; podemos retener el reembolso hasta recibir los productos o una prueba de su devolución. Los productos deben devolverse en perfecto estado en un plazo de 14 días, y los gastos de devolución corren a cargo del cliente. Quedan excluidos los bienes que se deterioran con rapidez, como la levadura fresca, y los productos precintados que se hayan desprecintado tras la entrega por motivos de higiene o de protección de la salud. Las compras de empresas no dan derecho a desistimiento.",
            },
            {
              title: "Garantía legal",
              text: "Los consumidores disfrutan de la garantía legal de conformidad durante 2 años desde la entrega (Código del Consumo italiano, art. 128 y siguientes): si un producto es defectuoso, tienes derecho a su reparación o sustitución gratuitas o, si no es posible, a una rebaja del precio o a la resolución del contrato. A los clientes empresa se les aplica la garantía por vicios ocultos del Código Civil italiano, y los defectos deben comunicarse en un plazo de 8 días desde su descubrimiento.",
            },
          ],
        },
        {
          type: 'paragraph',
          text: "Estas condiciones se rigen por la ley italiana. Los consumidores conservan la protección de las normas imperativas de su país de residencia y pueden acudir a los tribunales de su domicilio; para los clientes empresa, son competentes en exclusiva los tribunales de Asti.",
        },
        {
          type: 'cta',
          label: "Contacta con nosotros",
          href: '/contatti',
          text: "¿Tienes dudas sobre estas condiciones o sobre un pedido? Nuestro equipo de atención al cliente te ayudará encantado.",
        },
      ],
    },
  },
];
