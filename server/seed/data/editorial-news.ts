import type { SeedNewsPost, SeedSlide } from './types';

export const newsPosts: SeedNewsPost[] = [
  {
    slug: "potatura-invernale-del-vigneto",
    date: "2026-01-20",
    title: {
      it: "Potatura invernale del vigneto: tempi, tagli e attrezzi",
      en: "Winter vine pruning: timing, cuts and tools",
      es: "Poda de invierno en el viñedo: cuándo, cómo y con qué",
    },
    excerpt: {
      it: "Gennaio e febbraio sono i mesi della potatura secca. Ecco come impostare un Guyot pulito, quante gemme lasciare e come proteggere i tagli dal mal dell'esca.",
      en: "January and February are the months for dormant pruning. Here is how to set up a clean Guyot, how many buds to leave and how to protect your cuts against esca.",
      es: "Enero y febrero son los meses de la poda en seco. Te contamos cómo dejar un Guyot limpio, cuántas yemas conservar y cómo proteger los cortes frente a la yesca.",
    },
    body: {
      it: "La potatura secca si fa a riposo vegetativo, dopo la caduta delle foglie e prima del pianto della vite, che in Piemonte arriva di solito a metà marzo. Evita le giornate di gelo intenso, sotto i -5 °C, quando il legno è fragile e i tagli si sfibrano. Potare tardi, tra fine febbraio e inizio marzo, ritarda il germogliamento di qualche giorno: un vantaggio nelle zone esposte alle gelate primaverili.\n\nNel Guyot, la forma di allevamento più diffusa sulle nostre colline, si lascia un capo a frutto di 8-10 gemme (10-12 per il Nebbiolo, che ha le gemme basali poco fertili) e uno sperone di 2 gemme che darà il capo dell'anno successivo. Scegli un tralcio di un anno ben lignificato, grosso più o meno come una matita e nato il più vicino possibile al ceppo, ed elimina tutto il resto. Il capo va piegato e legato al filo portante senza spezzarlo: meglio farlo nelle ore più miti, quando il legno è più elastico.\n\nI tagli devono essere netti e leggermente inclinati, 2-3 cm sopra la gemma e dalla parte opposta, così l'acqua non ristagna sull'occhio. Sul legno vecchio evita i tagli grandi: sono la porta d'ingresso dei funghi del mal dell'esca. Pota con tempo asciutto, disinfetta le lame con alcol al 70% passando da una pianta all'altra e proteggi i tagli sopra i 2 cm di diametro con un mastice cicatrizzante.\n\nPer i tralci di un anno bastano forbici bypass ben affilate; per il legno fino a 4-5 cm serve un troncarami a cricchetto, oltre si passa al seghetto. Se hai più di un ettaro, valuta le forbici elettriche a batteria, che dimezzano la fatica al polso. I sarmenti si possono trinciare e lasciare nell'interfila come sostanza organica, a meno che le viti non abbiano avuto problemi di malattie: in quel caso vanno portati fuori dal vigneto. Già che ci sei, controlla i fili: l'inverno è il momento giusto per sostituire quelli arrugginiti e tendere quelli allentati.",
      en: "Dormant pruning is done while the vine is at rest, after leaf fall and before it starts to bleed, which in Piedmont usually happens in mid-March. Avoid days of hard frost, below -5 °C, when the wood is brittle and cuts tend to splinter. Pruning late, between the end of February and early March, delays budburst by a few days: a real advantage on sites prone to spring frosts.\n\nWith Guyot, the most common training system on our hills, you keep one fruiting cane of 8-10 buds (10-12 for Nebbiolo, whose basal buds are not very fruitful) and a two-bud spur that will provide next year's cane. Pick a well-ripened one-year-old cane roughly as thick as a pencil, growing as close to the trunk as possible, and remove everything else. Bend the cane down and tie it to the fruiting wire without cracking it: this is best done in the mildest part of the day, when the wood is more supple.\n\nCuts should be clean and slightly sloping, 2-3 cm above the bud and angled away from it so that water does not sit on the bud. Avoid large cuts into old wood: they are the way in for the fungi that cause esca. Prune in dry weather, wipe the blades with 70% alcohol as you move from vine to vine and seal any cut wider than 2 cm with a wound sealant.\n\nSharp bypass secateurs are all you need for one-year-old canes; wood up to 4-5 cm calls for ratchet loppers, and anything thicker for a pruning saw. If you look after more than a hectare, consider battery-powered shears, which halve the strain on your wrist. Prunings can be mulched and left between the rows as organic matter, unless the vines have had disease problems, in which case take them out of the vineyard. While you are at it, check the wires: winter is the right time to replace rusty ones and re-tension any that have gone slack.",
      es: "La poda en seco se hace con la vid en reposo, después de la caída de la hoja y antes del lloro, que en el Piamonte suele llegar a mediados de marzo. Evita los días de helada fuerte, por debajo de -5 °C, cuando la madera está quebradiza y los cortes se astillan. Podar tarde, entre finales de febrero y principios de marzo, retrasa unos días la brotación: una ventaja en las parcelas expuestas a las heladas de primavera.\n\nEn el Guyot, el sistema de conducción más extendido en nuestras colinas, se deja una vara de 8-10 yemas (10-12 en el Nebbiolo, cuyas yemas basales son poco fértiles) y un pulgar de 2 yemas que dará la vara del año siguiente. Elige un sarmiento del año bien agostado, más o menos del grosor de un lápiz y lo más cerca posible del tronco, y elimina todo lo demás. La vara se arquea y se ata al alambre sin partirla: mejor hacerlo en las horas más templadas, cuando la madera es más flexible.\n\nLos cortes deben ser limpios y algo inclinados, 2-3 cm por encima de la yema y hacia el lado contrario, para que el agua no se quede sobre ella. Evita los cortes grandes en madera vieja: son la puerta de entrada de los hongos de la yesca. Poda con tiempo seco, desinfecta las cuchillas con alcohol de 70° al pasar de una cepa a otra y protege los cortes de más de 2 cm de diámetro con una pasta cicatrizante.\n\nPara los sarmientos del año basta una tijera bypass bien afilada; para madera de hasta 4-5 cm hace falta un cortarramas de carraca y, por encima de eso, un serrucho de poda. Si trabajas más de una hectárea, plantéate unas tijeras eléctricas de batería, que reducen a la mitad el esfuerzo de la muñeca. Los sarmientos se pueden triturar y dejar en la calle como materia orgánica, salvo que las cepas hayan tenido enfermedades: en ese caso hay que sacarlos del viñedo. Y ya que estás, revisa los alambres: el invierno es el momento de cambiar los oxidados y tensar los que se han aflojado.",
    },
    motif: "tool",
  },
  {
    slug: "prima-cotta-all-grain",
    date: "2026-02-17",
    title: {
      it: "La tua prima cotta all grain, passo dopo passo",
      en: "Your first all-grain brew day, step by step",
      es: "Tu primera cocción todo grano, paso a paso",
    },
    excerpt: {
      it: "Dal kit con estratto ai grani interi: una ricetta semplice di Pale Ale da 20 litri, con temperature, volumi e tempi di ogni fase.",
      en: "Moving on from extract kits to whole grain: a simple 20-litre Pale Ale recipe with the temperatures, volumes and timings for every stage.",
      es: "Del kit de extracto al grano entero: una receta sencilla de Pale Ale para 20 litros, con las temperaturas, los volúmenes y los tiempos de cada fase.",
    },
    body: {
      it: "Per la prima cotta all grain scegli una ricetta semplice, come questa Pale Ale da 20 litri in fermentatore: 4,5 kg di malto Pale Ale e 300 g di malto Crystal, macinati con un mulino a due rulli regolato a 1-1,2 mm, in modo da rompere il chicco senza sminuzzare le bucce, che fanno da letto filtrante. Prepara tutto la sera prima: acqua, ingredienti già pesati, attrezzatura pulita. Una cotta completa richiede 5-6 ore, pulizie comprese.\n\nScalda 14,5 litri d'acqua a 73 °C (circa 3 litri per kg di malto) e versa i grani mescolando bene per non lasciare grumi: l'impasto si assesterà sui 66-67 °C. Mantieni la temperatura per 60 minuti con il coperchio chiuso; a 66 °C otterrai una birra secca e beverina. Alla fine fai il test dello iodio su un cucchiaino di mosto senza bucce: se non diventa nero-bluastro, gli amidi sono convertiti. Porta poi tutto a 76-78 °C per 10 minuti (mash out).\n\nRicircola i primi litri finché il mosto esce limpido, poi filtra e risciacqua le trebbie con circa 16 litri d'acqua a 76-78 °C, senza superare gli 80 °C per non estrarre tannini. Dovresti raccogliere 25-26 litri. Fai bollire 60 minuti a bollore vivace e senza coperchio: 20 g di luppolo Magnum a inizio bollitura per l'amaro e 30 g di Cascade a 10 minuti dalla fine per l'aroma, per circa 40 IBU.\n\nRaffredda il mosto il più in fretta possibile con una serpentina in rame, fino a 18-20 °C: arrivarci in 20-30 minuti riduce il rischio di contaminazioni e aiuta le proteine a precipitare. Travasa nel fermentatore sanificato, misura la densità (con un'efficienza del 70% aspettati circa 1.048) e inocula una bustina da 11,5 g di lievito secco American Ale. Fai fermentare a 18-20 °C per 10-14 giorni, poi imbottiglia con 6 g/l di destrosio. E annota tutto: volumi e densità della prima cotta ti serviranno per tarare le successive.",
      en: "For your first all-grain batch, stick to a simple recipe such as this Pale Ale for 20 litres in the fermenter: 4.5 kg of Pale Ale malt and 300 g of Crystal malt, crushed in a two-roller mill set to a 1-1.2 mm gap so that the kernels crack without shredding the husks, which form your filter bed. Get everything ready the night before: water, weighed ingredients, clean kit. A full brew day takes 5-6 hours, cleaning included.\n\nHeat 14.5 litres of water to 73 °C (about 3 litres per kg of grain) and stir the grain in thoroughly so that no dough balls form: the mash should settle at 66-67 °C. Hold it there for 60 minutes with the lid on; at 66 °C you get a dry, easy-drinking beer. At the end, run an iodine test on a spoonful of wort with no husks in it: if it does not turn blue-black, the starch has been converted. Then raise everything to 76-78 °C for 10 minutes (mash-out).\n\nRecirculate the first few litres until the wort runs clear, then run off and rinse the grain bed with about 16 litres of water at 76-78 °C, never above 80 °C, or you will start extracting tannins. You should collect 25-26 litres. Boil hard for 60 minutes with the lid off: 20 g of Magnum at the start for bitterness and 30 g of Cascade 10 minutes before the end for aroma, for around 40 IBU.\n\nChill the wort as quickly as you can with a copper immersion chiller, down to 18-20 °C: getting there in 20-30 minutes cuts the risk of infection and helps the proteins drop out. Transfer to a sanitised fermenter, take a gravity reading (expect about 1.048 at 70% efficiency) and pitch an 11.5 g sachet of American Ale dry yeast. Ferment at 18-20 °C for 10-14 days, then bottle with 6 g/l of dextrose. And write everything down: the volumes and gravities of your first batch are what you will use to dial in the next ones.",
      es: "Para tu primera cocción todo grano elige una receta sencilla, como esta Pale Ale para 20 litros en el fermentador: 4,5 kg de malta Pale Ale y 300 g de malta Crystal, molidas con un molino de dos rodillos ajustado a 1-1,2 mm para partir el grano sin destrozar la cascarilla, que hace de lecho filtrante. Déjalo todo preparado la víspera: el agua, los ingredientes pesados y el equipo limpio. Una cocción completa lleva 5-6 horas, limpieza incluida.\n\nCalienta 14,5 litros de agua a 73 °C (unos 3 litros por kg de malta) y echa el grano removiendo bien para que no queden grumos: el macerado se quedará en 66-67 °C. Mantén esa temperatura 60 minutos con la tapa puesta; a 66 °C obtendrás una cerveza seca y fácil de beber. Al final haz la prueba del yodo con una cucharadita de mosto sin cascarilla: si no se vuelve negro azulado, el almidón se ha convertido. Después sube todo a 76-78 °C durante 10 minutos (mash out).\n\nRecircula los primeros litros hasta que el mosto salga limpio; luego filtra y lava el grano con unos 16 litros de agua a 76-78 °C, sin pasar de 80 °C para no extraer taninos. Deberías recoger 25-26 litros. Hierve 60 minutos a borbotones y sin tapa: 20 g de lúpulo Magnum al principio para el amargor y 30 g de Cascade a 10 minutos del final para el aroma, en total unos 40 IBU.\n\nEnfría el mosto lo más rápido posible con un serpentín de cobre hasta 18-20 °C: si lo consigues en 20-30 minutos, reduces el riesgo de contaminación y ayudas a que precipiten las proteínas. Pásalo al fermentador desinfectado, mide la densidad (con un 70 % de eficiencia, cuenta con unos 1.048) e inocula un sobre de 11,5 g de levadura seca American Ale. Fermenta a 18-20 °C durante 10-14 días y embotella con 6 g/l de dextrosa. Y apúntalo todo: los volúmenes y las densidades de esta primera cocción te servirán para afinar las siguientes.",
    },
    motif: "kettle",
  },
  {
    slug: "luppoli-per-una-ipa",
    date: "2026-04-14",
    title: {
      it: "Quali luppoli scegliere per una IPA",
      en: "Choosing the right hops for an IPA",
      es: "Qué lúpulos elegir para una IPA",
    },
    excerpt: {
      it: "Amaro, whirlpool e dry hopping: come ripartire i luppoli di una IPA da 20 litri e quali varietà abbinare.",
      en: "Bittering, whirlpool and dry hopping: how to split the hops in a 20-litre IPA and which varieties work well together.",
      es: "Amargor, whirlpool y dry hopping: cómo repartir el lúpulo en una IPA de 20 litros y qué variedades combinar.",
    },
    body: {
      it: "In una IPA il luppolo entra in tre momenti: a inizio bollitura per l'amaro, a fine bollitura o in whirlpool per l'aroma e a freddo, con il dry hopping, per il profumo. Per l'amaro, che in una American IPA sta tra 50 e 70 IBU, servono varietà ricche di alfa acidi come Magnum (12-14%), Columbus (14-16%) o Chinook (12-14%). Il Magnum dà un amaro pulito e poco astringente ed è la scelta più sicura; il Chinook aggiunge già qualche nota resinosa.\n\nPer l'aroma conviene puntare sul whirlpool: spegni il fuoco, raffredda il mosto a 80 °C e lascia in infusione 100 g di luppolo per 20 minuti. A quella temperatura estrai gli oli essenziali senza farli evaporare e aggiungi poco amaro. Gli abbinamenti classici sono Cascade e Centennial per agrumi e pompelmo, Chinook per pino e resina; il nostro Tropical Blend porta frutto della passione, mango e lime.\n\nIl dry hopping si fa verso la fine della fermentazione, con 4-6 g/l: per 20 litri, da 80 a 120 g. Lascia i pellet a contatto 3-4 giorni a 18-20 °C; oltre i 5-6 giorni compaiono note erbacee. Aggiungere il luppolo mentre il lievito è ancora attivo aiuta a consumare l'ossigeno introdotto, ma può far ripartire una leggera fermentazione (il cosiddetto hop creep): prima di imbottigliare controlla che la densità resti stabile per due giorni.\n\nUna ripartizione collaudata per 20 litri con densità iniziale 1.062: 30 g di Magnum a 60 minuti, 50 g di Cascade e 50 g di Centennial in whirlpool, 50 g di Cascade e 50 g di Tropical Blend in dry hopping, per circa 55-60 IBU. Il luppolo teme ossigeno, luce e calore: conserva i pellet sottovuoto in freezer e usa le confezioni aperte entro un mese, perché alfa acidi e aromi calano in fretta.",
      en: "In an IPA, hops go in at three points: at the start of the boil for bitterness, at the end of the boil or in the whirlpool for flavour, and cold, as a dry hop, for aroma. Bitterness in an American IPA sits between 50 and 70 IBU, so you need high-alpha varieties such as Magnum (12-14%), Columbus (14-16%) or Chinook (12-14%). Magnum gives a clean, smooth bitterness and is the safest choice; Chinook already brings a few resinous notes.\n\nFor flavour, make the most of the whirlpool: turn off the heat, cool the wort to 80 °C and steep 100 g of hops for 20 minutes. At that temperature you extract the essential oils without driving them off, and add little extra bitterness. The classic pairings are Cascade and Centennial for citrus and grapefruit, and Chinook for pine and resin; our Tropical Blend brings passion fruit, mango and lime.\n\nDry hop towards the end of fermentation at 4-6 g/l, which means 80 to 120 g for 20 litres. Leave the pellets in contact for 3-4 days at 18-20 °C; beyond 5-6 days grassy notes start to creep in. Adding hops while the yeast is still active helps scavenge the oxygen you introduce, but it can also restart a slight fermentation (so-called hop creep): before bottling, make sure the gravity stays steady for two days.\n\nA proven split for 20 litres at an original gravity of 1.062: 30 g of Magnum at 60 minutes, 50 g of Cascade and 50 g of Centennial in the whirlpool, then 50 g of Cascade and 50 g of Tropical Blend as a dry hop, for roughly 55-60 IBU. Hops hate oxygen, light and heat: keep the pellets vacuum-packed in the freezer and use opened packs within a month, because alpha acids and aroma fade quickly.",
      es: "En una IPA el lúpulo entra en tres momentos: al principio del hervido para el amargor, al final del hervido o en el whirlpool para el sabor, y en frío, con el dry hopping, para el aroma. El amargor de una American IPA está entre 50 y 70 IBU, así que hacen falta variedades ricas en alfa ácidos como Magnum (12-14 %), Columbus (14-16 %) o Chinook (12-14 %). El Magnum da un amargor limpio y poco astringente y es la opción más segura; el Chinook ya aporta algunas notas resinosas.\n\nPara el sabor, sácale partido al whirlpool: apaga el fuego, enfría el mosto hasta 80 °C y deja 100 g de lúpulo en infusión durante 20 minutos. A esa temperatura extraes los aceites esenciales sin que se evaporen y sumas poco amargor. Las combinaciones clásicas son Cascade y Centennial para los cítricos y el pomelo, y Chinook para el pino y la resina; nuestro Tropical Blend aporta maracuyá, mango y lima.\n\nEl dry hopping se hace hacia el final de la fermentación, con 4-6 g/l: para 20 litros, de 80 a 120 g. Deja los pellets en contacto 3-4 días a 18-20 °C; a partir de 5-6 días aparecen notas herbáceas. Añadir el lúpulo con la levadura todavía activa ayuda a consumir el oxígeno que entra, pero puede reactivar una ligera fermentación (el llamado hop creep): antes de embotellar, comprueba que la densidad se mantiene estable durante dos días.\n\nUn reparto probado para 20 litros con una densidad inicial de 1.062: 30 g de Magnum a 60 minutos, 50 g de Cascade y 50 g de Centennial en el whirlpool, y 50 g de Cascade y 50 g de Tropical Blend en dry hopping, para unos 55-60 IBU. El lúpulo teme al oxígeno, la luz y el calor: guarda los pellets envasados al vacío en el congelador y gasta los paquetes abiertos en menos de un mes, porque los alfa ácidos y los aromas se pierden rápido.",
    },
    motif: "hop",
  },
  {
    slug: "vendemmia-2026-consigli",
    date: "2026-08-04",
    title: {
      it: "Vendemmia 2026: come arrivarci preparati",
      en: "Harvest 2026: how to be ready",
      es: "Vendimia 2026: cómo llegar bien preparado",
    },
    excerpt: {
      it: "Quando raccogliere, come seguire la maturazione e cosa preparare in cantina prima che arrivi l'uva: la nostra lista per una vendemmia senza sorprese.",
      en: "When to pick, how to track ripeness and what to get ready in the cellar before the grapes arrive: our checklist for a harvest without surprises.",
      es: "Cuándo vendimiar, cómo seguir la maduración y qué preparar en la bodega antes de que llegue la uva: nuestra lista para una vendimia sin sorpresas.",
    },
    body: {
      it: "Il momento della raccolta si decide con le analisi, non con il calendario. Da metà agosto, ogni 4-5 giorni, preleva 200 acini da grappoli diversi, su entrambi i lati del filare e a varie altezze, schiacciali e analizza il mosto: con il rifrattometro gli zuccheri (per un rosso si punta a 22-24 °Brix, cioè circa 12,5-14% di alcol potenziale), con un kit di titolazione l'acidità totale, che dovrebbe stare tra 6 e 8 g/l, e con un pHmetro il pH, ideale tra 3,2 e 3,5. Assaggia anche gli acini: bucce che si staccano facilmente e vinaccioli marroni e croccanti indicano una buona maturazione fenolica.\n\nPrima che arrivi l'uva, prepara la cantina: lava tini, damigiane, pigiadiraspatrice e torchio con acqua calda e sanificali con una soluzione di 10 g di metabisolfito di potassio e 5 g di acido citrico per litro d'acqua, da usare in un locale ben aerato. Controlla guarnizioni e valvole e ricorda che il tino di fermentazione va riempito al massimo all'80%, perché il cappello di vinacce sale. Come riferimento, un quintale d'uva pigiata occupa circa 90 litri e rende 65-75 litri di vino. Fai scorta di lieviti selezionati, attivanti, metabisolfito e di un buon mostimetro.\n\nVendemmia nelle ore fresche del mattino, con l'uva asciutta, e usa cassette da 15-20 kg: nei contenitori grandi gli acini sul fondo si schiacciano e il mosto comincia a ossidarsi. Lascia in vigna i grappoli con muffa grigia o marciume acido. Pigia entro poche ore e aggiungi subito 5-10 g/hl di metabisolfito (fino a 15 g/hl se l'uva è danneggiata) per proteggere il mosto da ossidazioni e fermentazioni indesiderate.\n\nInocula i lieviti selezionati 4-6 ore dopo la solfitazione, quando parte della SO2 si è già legata. Per i rossi tieni la fermentazione tra 24 e 28 °C, senza mai superare i 30-32 °C, e fai 2-3 follature al giorno per bagnare il cappello; per i bianchi, che fermentano senza bucce, l'ideale è 16-18 °C. Misura ogni giorno densità e temperatura e annotale: una curva che si appiattisce troppo presto è il primo segnale di un arresto di fermentazione.",
      en: "Picking time is decided by analysis, not by the calendar. From mid-August, every 4-5 days, collect 200 berries from different bunches, on both sides of the row and at different heights, crush them and test the juice: a refractometer for sugar (for a red, aim for 22-24 °Brix, roughly 12.5-14% potential alcohol), a titration kit for total acidity, which should be between 6 and 8 g/l, and a pH meter for pH, ideally 3.2-3.5. Taste the berries too: skins that come away easily and brown, crunchy seeds are signs of good phenolic ripeness.\n\nBefore the grapes arrive, get the cellar ready: wash vats, demijohns, crusher-destemmer and press with hot water, then sanitise them with a solution of 10 g of potassium metabisulphite and 5 g of citric acid per litre of water, in a well-ventilated room. Check seals and valves, and remember that a fermentation vat should be filled to 80% at most, because the cap of skins rises. As a rule of thumb, 100 kg of crushed grapes take up about 90 litres and yield 65-75 litres of wine. Stock up on selected yeast, nutrients, metabisulphite and a reliable hydrometer.\n\nPick in the cool of the morning, when the grapes are dry, and use 15-20 kg crates: in large bins the berries at the bottom get crushed and the juice starts to oxidise. Leave bunches with grey rot or sour rot in the vineyard. Crush within a few hours and add 5-10 g/hl of metabisulphite straight away (up to 15 g/hl if the fruit is damaged) to protect the must from oxidation and unwanted fermentation.\n\nPitch the selected yeast 4-6 hours after sulphiting, once part of the SO2 has bound. Keep red fermentations between 24 and 28 °C, never letting them go above 30-32 °C, and punch down 2-3 times a day to keep the cap wet; whites, fermented off the skins, do best at 16-18 °C. Record gravity and temperature every day: a curve that flattens out too early is the first sign of a stuck fermentation.",
      es: "El momento de vendimiar lo deciden los análisis, no el calendario. A partir de mediados de agosto, cada 4-5 días, toma 200 granos de racimos distintos, de ambos lados de la fila y a diferentes alturas, estrújalos y analiza el mosto: con el refractómetro, el azúcar (en un tinto se busca 22-24 °Brix, es decir, un 12,5-14 % de alcohol probable); con un kit de valoración, la acidez total, que debería estar entre 6 y 8 g/l; y con un pHmetro, el pH, ideal entre 3,2 y 3,5. Prueba también las uvas: hollejos que se despegan con facilidad y pepitas marrones y crujientes indican una buena madurez fenólica.\n\nAntes de que llegue la uva, pon a punto la bodega: lava depósitos, damajuanas, despalilladora y prensa con agua caliente y desinféctalos con una solución de 10 g de metabisulfito potásico y 5 g de ácido cítrico por litro de agua, siempre en un local bien ventilado. Revisa juntas y válvulas, y recuerda que el depósito de fermentación se llena como mucho al 80 %, porque el sombrero sube. Como referencia, 100 kg de uva estrujada ocupan unos 90 litros y dan entre 65 y 75 litros de vino. Haz acopio de levaduras seleccionadas, activadores, metabisulfito y un buen densímetro.\n\nVendimia a primera hora de la mañana, con la uva seca, y usa cajas de 15-20 kg: en los contenedores grandes los granos del fondo se aplastan y el mosto empieza a oxidarse. Deja en la viña los racimos con podredumbre gris o ácida. Estruja en pocas horas y añade enseguida 5-10 g/hl de metabisulfito (hasta 15 g/hl si la uva está dañada) para proteger el mosto de oxidaciones y fermentaciones no deseadas.\n\nInocula la levadura seleccionada 4-6 horas después del sulfitado, cuando parte del SO2 ya se ha combinado. En los tintos mantén la fermentación entre 24 y 28 °C, sin pasar nunca de 30-32 °C, y haz 2-3 bazuqueos al día para mojar el sombrero; los blancos, que fermentan sin hollejos, van mejor a 16-18 °C. Anota cada día la densidad y la temperatura: una curva que se aplana demasiado pronto es la primera señal de una parada de fermentación.",
    },
    motif: "grape",
  },
  {
    slug: "come-scegliere-il-lievito-per-il-vino",
    date: "2026-08-18",
    title: {
      it: "Come scegliere il lievito giusto per il tuo vino",
      en: "How to choose the right yeast for your wine",
      es: "Cómo elegir la levadura adecuada para tu vino",
    },
    excerpt: {
      it: "Fermentazione spontanea o lievito selezionato? Ecco i criteri per scegliere il ceppo, le dosi e come reidratarlo senza errori.",
      en: "Wild fermentation or a selected yeast? How to pick a strain, how much to use and how to rehydrate it without mistakes.",
      es: "¿Fermentación espontánea o levadura seleccionada? Los criterios para elegir la cepa, las dosis y cómo rehidratarla sin errores.",
    },
    body: {
      it: "Un lievito selezionato garantisce una partenza rapida, una fermentazione completa e meno difetti rispetto ai lieviti indigeni, soprattutto con mosti molto zuccherini o uve non perfettamente sane. Quasi tutti i ceppi in commercio sono Saccharomyces cerevisiae (o bayanus), ma si differenziano per tolleranza all'alcol, intervallo di temperatura, fabbisogno di azoto ed espressione aromatica: sono questi i dati da confrontare sulla scheda tecnica.\n\nPer i rossi strutturati scegli ceppi che tollerano 15-16% vol e temperature fino a 30 °C e che favoriscono l'estrazione di colore e tannini; per bianchi e rosati servono lieviti che lavorano bene a 14-18 °C e liberano esteri e tioli, responsabili dei profumi di frutta e fiori. Per la rifermentazione in bottiglia e per far ripartire una fermentazione bloccata si usano ceppi bayanus, resistenti fino a 17-18% vol e poco esigenti. Il fattore killer, presente in molti ceppi moderni, aiuta il lievito a imporsi sulla flora indigena.\n\nLa dose standard è 20 g/hl, da portare a 30 g/hl con mosti oltre i 23 °Brix, uve danneggiate o temperature basse. Reidrata il lievito in 10 volte il suo peso d'acqua a 35-38 °C (200 ml per 20 g), aspetta 15-20 minuti mescolando piano, poi aggiungi il mosto poco alla volta finché la differenza di temperatura con la massa scende sotto i 10 °C: uno shock termico maggiore uccide buona parte delle cellule.\n\nIl lievito ha bisogno anche di azoto: un mosto dovrebbe contenerne almeno 150-200 mg/l in forma prontamente assimilabile. Con uve molto mature o terreni poveri aggiungi 10-20 g/hl di attivante a base di fosfato diammonico, in due volte: metà all'inoculo e metà quando è stato consumato circa un terzo degli zuccheri. Eviterai fermentazioni stentate e il tipico odore di uova marce dell'idrogeno solforato.",
      en: "A selected yeast gives you a quick start, a complete fermentation and fewer faults than wild yeasts, especially with very sweet musts or grapes that are not perfectly healthy. Almost all the strains on sale are Saccharomyces cerevisiae (or bayanus), but they differ in alcohol tolerance, temperature range, nitrogen demand and aroma profile: these are the figures to compare on the technical data sheet.\n\nFor full-bodied reds, choose strains that tolerate 15-16% ABV and temperatures up to 30 °C and help extract colour and tannin; for whites and rosés you want yeasts that work well at 14-18 °C and release esters and thiols, which give fruity and floral aromas. Bayanus strains, tolerant up to 17-18% ABV and undemanding, are the ones for bottle refermentation and for restarting a stuck fermentation. The killer factor, found in many modern strains, helps the yeast outcompete the wild flora.\n\nThe standard dose is 20 g/hl, raised to 30 g/hl for musts above 23 °Brix, damaged grapes or low temperatures. Rehydrate the yeast in 10 times its weight of water at 35-38 °C (200 ml for 20 g), wait 15-20 minutes, stirring gently, then add must a little at a time until it is within 10 °C of the tank: a bigger temperature shock kills a good share of the cells.\n\nYeast also needs nitrogen: a must should contain at least 150-200 mg/l of yeast-assimilable nitrogen. With very ripe grapes or poor soils, add 10-20 g/hl of a nutrient based on diammonium phosphate in two doses: half when you pitch and half once about a third of the sugar has been used up. That way you avoid sluggish fermentations and the telltale rotten-egg smell of hydrogen sulphide.",
      es: "Una levadura seleccionada garantiza un arranque rápido, una fermentación completa y menos defectos que las levaduras autóctonas, sobre todo con mostos muy azucarados o uva que no está perfectamente sana. Casi todas las cepas del mercado son Saccharomyces cerevisiae (o bayanus), pero se diferencian en tolerancia al alcohol, rango de temperatura, necesidad de nitrógeno y perfil aromático: esos son los datos que hay que comparar en la ficha técnica.\n\nPara tintos con cuerpo, elige cepas que toleren un 15-16 % vol. y temperaturas de hasta 30 °C y que favorezcan la extracción de color y taninos; para blancos y rosados necesitas levaduras que trabajen bien a 14-18 °C y liberen ésteres y tioles, responsables de los aromas frutales y florales. Para la segunda fermentación en botella y para reactivar una fermentación parada se usan cepas bayanus, resistentes hasta un 17-18 % vol. y poco exigentes. El factor killer, presente en muchas cepas modernas, ayuda a la levadura a imponerse a la flora autóctona.\n\nLa dosis estándar es de 20 g/hl, que se sube a 30 g/hl con mostos de más de 23 °Brix, uva dañada o temperaturas bajas. Rehidrata la levadura en 10 veces su peso de agua a 35-38 °C (200 ml para 20 g), espera 15-20 minutos removiendo suavemente y ve añadiendo mosto poco a poco hasta que la diferencia de temperatura con el depósito sea inferior a 10 °C: un choque térmico mayor mata buena parte de las células.\n\nLa levadura también necesita nitrógeno: un mosto debería tener al menos 150-200 mg/l de nitrógeno fácilmente asimilable. Con uva muy madura o suelos pobres, añade 10-20 g/hl de un activador a base de fosfato diamónico en dos veces: la mitad al inocular y la otra mitad cuando se haya consumido más o menos un tercio del azúcar. Así evitarás fermentaciones lentas y el típico olor a huevo podrido del sulfhídrico.",
    },
    motif: "yeast",
  },
  {
    slug: "orto-autunnale-cosa-seminare",
    date: "2026-08-27",
    title: {
      it: "L'orto d'autunno: cosa seminare e trapiantare",
      en: "The autumn vegetable garden: what to sow and plant",
      es: "El huerto de otoño: qué sembrar y qué trasplantar",
    },
    excerpt: {
      it: "Fine agosto e settembre sono il momento di preparare l'orto per i mesi freddi: calendario, distanze e qualche accorgimento contro le prime gelate.",
      en: "Late August and September are the time to get the vegetable patch ready for the colder months: a planting calendar, spacings and a few tricks against the first frosts.",
      es: "Finales de agosto y septiembre son el momento de preparar el huerto para los meses fríos: calendario, marcos de plantación y algunos trucos contra las primeras heladas.",
    },
    body: {
      it: "Appena finiti pomodori e zucchine, togli i residui della coltura, vanga a 25-30 cm e interra 3-4 kg/m² di compost o letame maturo, oppure 200-300 g/m² di letame pellettato. Se l'estate è stata secca, bagna bene il terreno un paio di giorni prima di lavorarlo: si sbriciolerà meglio e sarà subito pronto per le semine.\n\nEntro metà settembre trapianta cavoli, cavolfiori, broccoli e cavolo nero a 50-60 cm sulla fila e 60-70 cm tra le file, e i finocchi a 25-30 cm. Nello stesso periodo semina direttamente lattuga, rucola, spinaci, songino e ravanelli, in file distanti 20-30 cm. Con il terreno ancora caldo germinano in fretta, ma attenzione: sopra i 25 °C i semi di lattuga faticano a nascere, quindi nelle giornate calde semina la sera e ombreggia le file.\n\nTra ottobre e novembre è la volta di aglio, cipolle da bulbilli e fave. Pianta gli spicchi d'aglio a 3-4 cm di profondità con la punta verso l'alto, a 10-15 cm l'uno dall'altro e in file distanti 30-40 cm; le fave si seminano a 4-5 cm di profondità, 2-3 semi per buchetta ogni 25-30 cm. Passeranno l'inverno come piantine basse e ripartiranno con i primi tepori.\n\nQuando le minime scendono sotto i 5 °C, copri insalate e spinaci con un telo di tessuto non tessuto da 17-30 g/m²: guadagni 2-3 °C e allunghi il raccolto di diverse settimane. Irriga al mattino, così le foglie si asciugano prima di sera e limiti muffe e marciumi, e pacciama con paglia le file dei cavoli. Con l'umidità tornano anche lumache e limacce: controlla le piante dopo le piogge, soprattutto quelle appena trapiantate.",
      en: "As soon as the tomatoes and courgettes are over, clear away the crop residues, dig to 25-30 cm and work in 3-4 kg/m² of compost or well-rotted manure, or 200-300 g/m² of pelleted manure. If the summer has been dry, water the bed thoroughly a couple of days before digging: the soil will crumble more easily and be ready for sowing straight away.\n\nBy mid-September, plant out cabbages, cauliflowers, broccoli and cavolo nero 50-60 cm apart in rows 60-70 cm apart, and fennel at 25-30 cm. At the same time, sow lettuce, rocket, spinach, lamb's lettuce and radishes direct in rows 20-30 cm apart. With the soil still warm they come up quickly, but be aware that lettuce seed struggles to germinate above 25 °C, so on hot days sow in the evening and shade the rows.\n\nOctober and November are the months for garlic, onion sets and broad beans. Plant garlic cloves 3-4 cm deep, pointed end up, 10-15 cm apart in rows 30-40 cm apart; sow broad beans 4-5 cm deep, 2-3 seeds per station every 25-30 cm. They will overwinter as small plants and take off again with the first mild days.\n\nOnce night-time lows drop below 5 °C, cover salads and spinach with 17-30 g/m² horticultural fleece: you gain 2-3 °C and extend the harvest by several weeks. Water in the morning so that the leaves dry off before evening, which keeps moulds and rots at bay, and mulch the cabbage rows with straw. The damp also brings back slugs and snails: check your plants after rain, especially anything freshly planted out.",
      es: "En cuanto terminen los tomates y los calabacines, retira los restos del cultivo, cava a 25-30 cm e incorpora 3-4 kg/m² de compost o estiércol bien hecho, o bien 200-300 g/m² de estiércol peletizado. Si el verano ha sido seco, riega a fondo un par de días antes de trabajar la tierra: se desmenuzará mejor y quedará lista para sembrar.\n\nAntes de mediados de septiembre, trasplanta coles, coliflores, brócolis y col negra toscana a 50-60 cm en la línea y 60-70 cm entre líneas, y el hinojo a 25-30 cm. En las mismas fechas siembra directamente lechuga, rúcula, espinacas, canónigos y rabanitos en líneas separadas 20-30 cm. Con la tierra todavía caliente nacen rápido, pero ojo: por encima de 25 °C a las semillas de lechuga les cuesta germinar, así que en los días de calor siembra por la tarde y sombrea las líneas.\n\nOctubre y noviembre son los meses del ajo, la cebolla de bulbillo y las habas. Planta los dientes de ajo a 3-4 cm de profundidad, con la punta hacia arriba, a 10-15 cm entre sí y en líneas separadas 30-40 cm; las habas se siembran a 4-5 cm de profundidad, 2-3 semillas por golpe cada 25-30 cm. Pasarán el invierno como plantitas bajas y volverán a crecer con los primeros días templados.\n\nCuando las mínimas bajen de 5 °C, cubre lechugas y espinacas con manta térmica de 17-30 g/m²: ganas 2-3 °C y alargas la cosecha varias semanas. Riega por la mañana para que las hojas se sequen antes de la noche y así limitar mohos y podredumbres, y acolcha con paja las líneas de coles. Con la humedad vuelven también las babosas y los caracoles: revisa las plantas después de las lluvias, sobre todo las recién trasplantadas.",
    },
    motif: "seed",
  },
  {
    slug: "guida-al-dosaggio-dei-solfiti",
    date: "2026-09-22",
    title: {
      it: "Solfiti nel vino: quanto metabisolfito aggiungere e quando",
      en: "Sulphites in wine: how much metabisulphite to add, and when",
      es: "Sulfitos en el vino: cuánto metabisulfito añadir y cuándo",
    },
    excerpt: {
      it: "Quanta solforosa serve davvero dipende dal pH del vino. Una guida pratica con le dosi, un esempio di calcolo e i limiti di legge.",
      en: "How much SO2 you really need depends on the wine's pH. A practical guide with doses, a worked example and the legal limits.",
      es: "La cantidad de sulfuroso que hace falta depende del pH del vino. Una guía práctica con dosis, un ejemplo de cálculo y los límites legales.",
    },
    body: {
      it: "L'anidride solforosa protegge il vino da ossidazioni e microrganismi, ma a proteggere davvero è solo la sua frazione molecolare, che dipende dal pH: più il vino è acido, meno solforosa serve. L'obiettivo è 0,8 mg/l di SO2 molecolare per i bianchi e 0,5 mg/l per i rossi, già protetti da tannini e polifenoli. In pratica, per arrivare a 0,8 mg/l servono circa 20 mg/l di SO2 libera a pH 3,2, 32 mg/l a pH 3,4 e 50 mg/l a pH 3,6.\n\nIl metabisolfito di potassio libera circa metà del suo peso in SO2: 10 g/hl apportano circa 50 mg/l. Le aggiunte si fanno in tre momenti: 5-10 g/hl alla pigiatura (fino a 15 g/hl con uve danneggiate); 5-8 g/hl al primo travaso, a fine fermentazione alcolica per i bianchi o dopo la malolattica per i rossi; infine prima dell'imbottigliamento, per riportare la libera al valore obiettivo.\n\nUn esempio: damigiana da 54 litri di bianco a pH 3,4, SO2 libera misurata 12 mg/l, obiettivo 32 mg/l. Mancano 20 mg/l, cioè 20 × 54 = 1080 mg di SO2, che corrispondono a circa 2,2 g di metabisolfito. Dato che una parte si lega subito, arrotonda a 2,5 g e ricontrolla dopo una settimana. Pesa con una bilancia di precisione da 0,1 g e sciogli la polvere in poco vino prima di aggiungerla, mescolando bene.\n\nMisura SO2 libera e totale con un kit di titolazione iodometrica almeno a ogni travaso e prima di imbottigliare. La normativa europea fissa per la solforosa totale un limite di 150 mg/l per i rossi secchi e di 200 mg/l per bianchi e rosati secchi, ma in un vino fatto bene si resta molto al di sotto. Maneggia il metabisolfito in un locale aerato, senza respirarne i vapori, e conservalo in un barattolo ben chiuso: con l'umidità perde efficacia.",
      en: "Sulphur dioxide protects wine from oxidation and microbes, but only its molecular fraction really does the job, and that depends on pH: the more acidic the wine, the less SO2 you need. The target is 0.8 mg/l of molecular SO2 for whites and 0.5 mg/l for reds, which are already protected by their tannins and polyphenols. In practice, reaching 0.8 mg/l takes about 20 mg/l of free SO2 at pH 3.2, 32 mg/l at pH 3.4 and 50 mg/l at pH 3.6.\n\nPotassium metabisulphite releases about half its weight as SO2, so 10 g/hl adds roughly 50 mg/l. Additions are made at three points: 5-10 g/hl at crushing (up to 15 g/hl with damaged grapes); 5-8 g/hl at the first racking, at the end of alcoholic fermentation for whites or after malolactic for reds; and finally before bottling, to bring free SO2 back up to the target.\n\nHere is an example: a 54-litre demijohn of white at pH 3.4, measured free SO2 12 mg/l, target 32 mg/l. You are 20 mg/l short, which is 20 × 54 = 1,080 mg of SO2, or about 2.2 g of metabisulphite. Since some of it binds straight away, round up to 2.5 g and check again after a week. Weigh it on a 0.1 g precision scale and dissolve the powder in a little wine before adding it, then stir well.\n\nMeasure free and total SO2 with an iodometric titration kit at least at every racking and before bottling. EU rules cap total SO2 at 150 mg/l for dry reds and 200 mg/l for dry whites and rosés, but a well-made wine stays far below that. Handle metabisulphite in a ventilated room without breathing in the fumes, and keep it in a tightly closed jar: moisture makes it lose strength.",
      es: "El anhídrido sulfuroso protege el vino de la oxidación y de los microorganismos, pero lo que protege de verdad es su fracción molecular, que depende del pH: cuanto más ácido es el vino, menos sulfuroso necesita. El objetivo es 0,8 mg/l de SO2 molecular en blancos y 0,5 mg/l en tintos, que ya están protegidos por sus taninos y polifenoles. En la práctica, para llegar a 0,8 mg/l hacen falta unos 20 mg/l de SO2 libre a pH 3,2, 32 mg/l a pH 3,4 y 50 mg/l a pH 3,6.\n\nEl metabisulfito potásico libera aproximadamente la mitad de su peso en SO2: 10 g/hl aportan unos 50 mg/l. Las adiciones se hacen en tres momentos: 5-10 g/hl en el estrujado (hasta 15 g/hl con uva dañada); 5-8 g/hl en el primer trasiego, al final de la fermentación alcohólica en los blancos o después de la maloláctica en los tintos; y, por último, antes de embotellar, para devolver el libre al valor objetivo.\n\nUn ejemplo: damajuana de 54 litros de blanco a pH 3,4, con 12 mg/l de SO2 libre medido y un objetivo de 32 mg/l. Faltan 20 mg/l, es decir, 20 × 54 = 1080 mg de SO2, que corresponden a unos 2,2 g de metabisulfito. Como una parte se combina enseguida, redondea a 2,5 g y vuelve a medir al cabo de una semana. Pésalo con una báscula de precisión de 0,1 g y disuelve el polvo en un poco de vino antes de añadirlo, removiendo bien.\n\nMide el SO2 libre y total con un kit de valoración yodométrica como mínimo en cada trasiego y antes de embotellar. La normativa europea fija un máximo de sulfuroso total de 150 mg/l para los tintos secos y de 200 mg/l para blancos y rosados secos, pero un vino bien elaborado se queda muy por debajo. Manipula el metabisulfito en un local ventilado, sin respirar los vapores, y guárdalo en un bote bien cerrado: con la humedad pierde eficacia.",
    },
    motif: "demijohn",
  },
  {
    slug: "vinoshop-in-fiera-novita-2026",
    date: "2026-11-10",
    title: {
      it: "Vinoshop al Salone Cantina & Orto: le novità 2026",
      en: "Vinoshop at the Salone Cantina & Orto: what's new for 2026",
      es: "Vinoshop en el Salone Cantina & Orto: las novedades de 2026",
    },
    excerpt: {
      it: "Quattro giorni a Torino, centinaia di cantinieri, birrai e vivaisti al nostro stand e un'anteprima del catalogo: ecco cosa abbiamo presentato.",
      en: "Four days in Turin, hundreds of winemakers, brewers and growers at our stand and a first look at our new products: here is what we showed.",
      es: "Cuatro días en Turín, cientos de bodegueros, cerveceros y viveristas en nuestro stand y un adelanto del catálogo: esto es lo que presentamos.",
    },
    body: {
      it: "Dal 5 all'8 novembre siamo stati al Salone Cantina & Orto di Torino, nel padiglione 2, con uno stand di 60 m² diviso in tre aree: cantina, birra e giardino. In quattro giorni abbiamo incontrato oltre 400 operatori, dalle piccole cantine alle enoteche, dai brewpub ai consorzi agrari e ai garden center, oltre a tanti appassionati che ci seguono da anni. Grazie a tutti per le domande, le idee e anche le critiche: sono il modo migliore per migliorare il nostro catalogo.\n\nLa novità più fotografata è stata la pigiadiraspatrice elettrica inox da 1500-2000 kg/h, che abbiamo fatto lavorare con uva da tavola per mostrare la separazione dei raspi e la regolazione dei rulli. Accanto c'era la tappatrice pneumatica semiautomatica con comando a pedale: fino a 600 bottiglie l'ora, pensata per le piccole cantine e gli agriturismi che imbottigliano in proprio.\n\nNell'area birra abbiamo fatto tre cotte dimostrative al giorno con l'impianto all grain elettrico da 35 litri, che ammosta, filtra e bolle nello stesso recipiente con una normale presa di casa, e con il nuovo mulino per malto a due rulli. In degustazione c'era una IPA da 6% vol luppolata con il nostro Tropical Blend: chi l'ha assaggiata sa perché lo consigliamo per il dry hopping.\n\nSe non sei riuscito a passare, trovi tutte le novità nel catalogo online. I clienti professionali possono richiedere i listini riservati e condizioni dedicate per gli ordini su bancale: scrivici o chiamaci e ti ricontatteremo entro due giorni lavorativi. Il calendario degli appuntamenti 2027 sarà pubblicato a gennaio nella sezione news.",
      en: "From 5 to 8 November we were at the Salone Cantina & Orto in Turin, in Hall 2, with a 60 m² stand split into three areas: cellar, brewing and garden. Over four days we met more than 400 trade visitors, from small wineries and wine shops to brewpubs, farmers' co-operatives and garden centres, as well as plenty of hobbyists who have been following us for years. Thank you all for your questions, your ideas and your criticism too: they are the best way for us to improve our range.\n\nThe most photographed newcomer was the stainless electric crusher-destemmer, rated at 1,500-2,000 kg/h, which we ran with table grapes to show how it separates the stalks and how the rollers are adjusted. Next to it stood the semi-automatic pneumatic corker with foot pedal: up to 600 bottles an hour, designed for small wineries and farm estates that bottle their own wine.\n\nIn the brewing area we ran three demo brews a day on the 35-litre electric all-grain system, which mashes, lauters and boils in a single vessel from an ordinary household socket, and on the new two-roller grain mill. On tap was a 6% ABV IPA hopped with our Tropical Blend: anyone who tasted it knows why we recommend it for dry hopping.\n\nIf you could not make it, you will find all the new products in our online catalogue. Trade customers can ask for our reserved price lists and dedicated terms for pallet orders: email or call us and we will get back to you within two working days. Our 2027 events calendar will be published in the news section in January.",
      es: "Del 5 al 8 de noviembre estuvimos en el Salone Cantina & Orto de Turín, en el pabellón 2, con un stand de 60 m² dividido en tres zonas: bodega, cerveza y jardín. En cuatro días recibimos a más de 400 profesionales, desde pequeñas bodegas y vinotecas hasta brewpubs, cooperativas agrarias y centros de jardinería, además de muchos aficionados que nos siguen desde hace años. Gracias a todos por las preguntas, las ideas y también las críticas: son la mejor manera de mejorar nuestro catálogo.\n\nLa novedad más fotografiada fue la estrujadora-despalilladora eléctrica inox de 1500-2000 kg/h, que pusimos a trabajar con uva de mesa para enseñar cómo separa los raspones y cómo se regulan los rodillos. A su lado estaba la encorchadora neumática semiautomática con pedal: hasta 600 botellas por hora, pensada para pequeñas bodegas y agroturismos que embotellan su propio vino.\n\nEn la zona de cerveza hicimos tres cocciones de demostración al día con el equipo all grain eléctrico de 35 litros, que macera, filtra y hierve en un solo recipiente con un enchufe doméstico, y con el nuevo molino de malta de dos rodillos. Para catar había una IPA de 6 % vol. lupulada con nuestro Tropical Blend: quien la probó sabe por qué lo recomendamos para el dry hopping.\n\nSi no pudiste venir, encontrarás todas las novedades en el catálogo online. Los clientes profesionales pueden pedirnos las tarifas reservadas y condiciones especiales para pedidos en palé: escríbenos o llámanos y te responderemos en un máximo de dos días laborables. El calendario de eventos de 2027 se publicará en enero en la sección de noticias.",
    },
    motif: "barrel",
  },
];

export const sliders: Record<'home' | 'home-en' | 'home-es', SeedSlide[]> = {
  home: [
    {
      title: {
        it: "Vendemmia: tutto per la cantina",
        en: "Harvest time: kit out your cellar",
        es: "Vendimia: todo para tu bodega",
      },
      subtitle: {
        it: "Pigiadiraspatrici, torchi, lieviti e damigiane disponibili a magazzino e pronti da spedire.",
        en: "Crusher-destemmers, presses, yeasts and demijohns in stock and ready to ship.",
        es: "Despalilladoras, prensas, levaduras y damajuanas en stock y listas para enviar.",
      },
      cta: { it: "Scopri l'enologia", en: "Shop winemaking", es: "Ver enología" },
      href: "/c/enologia",
      motif: "grape",
      color: "#7B2D26",
    },
    {
      title: {
        it: "Birra in casa, dalla prima cotta",
        en: "Home brewing, from your very first batch",
        es: "Cerveza casera desde la primera cocción",
      },
      subtitle: {
        it: "Kit, malti, luppoli e impianti all grain per ogni livello, con ricette e consigli pratici.",
        en: "Kits, malts, hops and all-grain systems for every level, with recipes and practical advice.",
        es: "Kits, maltas, lúpulos y equipos todo grano para todos los niveles, con recetas y consejos prácticos.",
      },
      cta: { it: "Scopri la birrificazione", en: "Shop brewing", es: "Ver cerveza casera" },
      href: "/c/birrificazione",
      motif: "hop",
      color: "#6B3E0F",
    },
    {
      title: {
        it: "Orto e giardino, stagione dopo stagione",
        en: "Garden and veg patch, season by season",
        es: "Huerto y jardín, temporada a temporada",
      },
      subtitle: {
        it: "Sementi, concimi, terricci e attrezzi forgiati per chi coltiva con cura.",
        en: "Seeds, fertilisers, compost and forged tools for people who grow with care.",
        es: "Semillas, abonos, sustratos y herramientas forjadas para quien cultiva con mimo.",
      },
      cta: { it: "Scopri il giardinaggio", en: "Shop gardening", es: "Ver jardinería" },
      href: "/c/giardinaggio",
      motif: "seed",
      color: "#3F5E2A",
    },
  ],
  "home-en": [
    {
      title: {
        it: "Forniture per cantine e birrifici",
        en: "Trade supplies for wineries and breweries",
        es: "Suministros para bodegas y cerveceras",
      },
      subtitle: {
        it: "Listini riservati, sconti per quantità e spedizioni su bancale in tutta Europa.",
        en: "Trade price lists, volume discounts and pallet deliveries across Europe.",
        es: "Tarifas profesionales, descuentos por volumen y envíos en palé a toda Europa.",
      },
      cta: { it: "Chi siamo", en: "About us", es: "Quiénes somos" },
      href: "/chi-siamo",
      motif: "barrel",
      color: "#343A40",
    },
    {
      title: {
        it: "Malti e luppoli per brewpub",
        en: "Malt and hops for brewpubs",
        es: "Malta y lúpulo para microcervecerías",
      },
      subtitle: {
        it: "Malti in sacchi da 25 kg, luppoli in pellet confezionati sotto azoto e lieviti sempre freschi.",
        en: "Malt in 25 kg sacks, nitrogen-flushed hop pellets and fresh yeast all year round.",
        es: "Malta en sacos de 25 kg, lúpulo en pellet envasado con nitrógeno y levaduras siempre frescas.",
      },
      cta: { it: "Vedi i prodotti per la birra", en: "Browse brewing supplies", es: "Ver productos cerveceros" },
      href: "/c/birrificazione",
      motif: "grain",
      color: "#6B3E0F",
    },
    {
      title: {
        it: "Dal 1987 nel cuore delle Langhe",
        en: "Rooted in the Langhe since 1987",
        es: "Desde 1987 en el corazón de las Langhe",
      },
      subtitle: {
        it: "Enologia, birra e giardino: un catalogo scelto e messo alla prova ogni giorno ad Alba.",
        en: "Winemaking, brewing and garden supplies, hand-picked and tested every day in Alba.",
        es: "Enología, cerveza y jardín: un catálogo elegido y probado cada día en Alba.",
      },
      cta: { it: "Sfoglia il catalogo", en: "Browse the catalogue", es: "Ver el catálogo" },
      href: "/p",
      motif: "bottle",
      color: "#7B2D26",
    },
  ],
  "home-es": [
    {
      title: {
        it: "Spediamo in tutta la Spagna",
        en: "We ship all over Spain",
        es: "Envíos a toda España",
      },
      subtitle: {
        it: "Da Alba alla Spagna peninsulare e alle Baleari in 3-5 giorni lavorativi, con tracciamento.",
        en: "From Alba to mainland Spain and the Balearic Islands in 3-5 working days, fully tracked.",
        es: "Desde Alba a la Península y Baleares en 3-5 días laborables, con seguimiento del envío.",
      },
      cta: { it: "Vai al catalogo", en: "Browse products", es: "Ver catálogo" },
      href: "/p",
      motif: "bag",
      color: "#343A40",
    },
    {
      title: {
        it: "Tutto per la vendemmia",
        en: "Everything for the harvest",
        es: "Todo para la vendimia",
      },
      subtitle: {
        it: "Lieviti, metabisolfito, damigiane e torchi per fare il vino come in una vera cantina.",
        en: "Yeasts, metabisulphite, demijohns and presses to make wine the way a real winery does.",
        es: "Levaduras, metabisulfito, damajuanas y prensas para elaborar tu vino como en una bodega de verdad.",
      },
      cta: { it: "Scopri l'enologia", en: "Shop winemaking", es: "Ver enología" },
      href: "/c/enologia",
      motif: "press",
      color: "#7B2D26",
    },
    {
      title: {
        it: "Sconto sul primo ordine",
        en: "Money off your first order",
        es: "Descuento en tu primer pedido",
      },
      subtitle: {
        it: "Inserisci il codice al momento del pagamento e risparmia sul tuo primo acquisto.",
        en: "Enter the code at checkout and save on your first purchase.",
        es: "Introduce el código al finalizar la compra y ahorra en tu primer pedido.",
      },
      cta: { it: "Scopri il codice", en: "Get the code", es: "Ver el código" },
      href: "/codice-sconto",
      motif: "glass",
      color: "#3F5E2A",
    },
  ],
};
