/**
 * Invented parties, addresses and goods for synthetic documents, in the style of each country.
 */
import type { Locale, LocaleId } from "./Locales.js"
import type { Random } from "./Random.js"

const FIRST = [
  "Anna",
  "James",
  "Maria",
  "Lukas",
  "Sophie",
  "Daan",
  "Lucia",
  "Marco",
  "Joana",
  "Aisyah",
  "Wei Ling",
  "Thomas",
  "Emma",
  "Pierre",
  "Carmen",
  "Giulia",
  "Rui",
  "Ahmad",
  "Olivia",
  "Noah"
]
const LAST = [
  "Smith",
  "Müller",
  "Dubois",
  "de Vries",
  "García",
  "Rossi",
  "Silva",
  "Tan",
  "Johnson",
  "Schneider",
  "Lefèvre",
  "Jansen",
  "Fernández",
  "Bianchi",
  "Costa",
  "Lim",
  "Brown",
  "Weber",
  "Moreau",
  "Bakker"
]

const WORD_A = [
  "North",
  "Blue",
  "Silver",
  "Green",
  "Summit",
  "Harbor",
  "Oak",
  "Bright",
  "Alpine",
  "Coastal",
  "Golden",
  "Atlas",
  "Pioneer",
  "Cedar",
  "Nova",
  "Sterling",
  "Maple",
  "Orion",
  "Delta",
  "Crown"
]
const WORD_B = [
  "Supplies",
  "Logistics",
  "Consulting",
  "Interiors",
  "Systems",
  "Trading",
  "Electronics",
  "Studio",
  "Foods",
  "Hardware",
  "Media",
  "Solutions",
  "Office Supply",
  "Engineering",
  "Textiles",
  "Print",
  "Labs",
  "Design",
  "Services",
  "Works"
]
const DE_B = ["Handel", "Technik", "Bau", "Druck", "Logistik", "Elektro", "Beratung", "Möbel", "Metallbau", "Software"]
const FR_B = [
  "Distribution",
  "Conseil",
  "Bâtiment",
  "Imprimerie",
  "Informatique",
  "Transports",
  "Services",
  "Équipements"
]
const MS_A = ["KEDAI RUNCIT", "PERNIAGAAN", "RESTORAN", "SYARIKAT", "KEDAI", "PASARAYA", "GERAI"]
const MS_B = [
  "MAJU JAYA",
  "SRI MUDA",
  "SENG HENG",
  "AMAN DAMAI",
  "CAHAYA",
  "MEWAH",
  "HUP LEE",
  "SETIA",
  "BAHAGIA",
  "TEO BROTHERS",
  "KIM LONG",
  "MUTIARA"
]

const STREETS: Record<LocaleId, ReadonlyArray<string>> = {
  "en-US": ["Main Street", "Oak Avenue", "Market St", "Pine Road", "5th Avenue", "Lake Drive"],
  "en-GB": ["High Street", "Station Road", "Church Lane", "Victoria Road", "Mill Lane"],
  de: ["Hauptstraße", "Bahnhofstraße", "Gartenweg", "Industriestraße", "Lindenallee"],
  fr: ["rue de la Paix", "avenue Jean Jaurès", "boulevard Victor Hugo", "rue du Commerce", "place de la Gare"],
  nl: ["Kerkstraat", "Stationsweg", "Dorpsstraat", "Industrieweg", "Molenlaan"],
  es: ["Calle Mayor", "Avenida de la Constitución", "Calle del Sol", "Paseo de Gracia"],
  it: ["Via Roma", "Via Garibaldi", "Corso Italia", "Piazza Duomo", "Via Dante"],
  pt: ["Rua Augusta", "Avenida da Liberdade", "Rua do Comércio", "Praça da República"],
  ms: ["JALAN BESAR", "JALAN PERMAS", "JALAN SS 2/24", "JALAN TAMPOI", "JALAN MERDEKA", "LORONG MAWAR"]
}
const CITIES: Record<LocaleId, ReadonlyArray<string>> = {
  "en-US": ["Springfield, IL 62704", "Austin, TX 78701", "Portland, OR 97205", "Denver, CO 80202"],
  "en-GB": ["London EC1A 1BB", "Leeds LS1 4AP", "Bristol BS1 5TR", "Manchester M1 2AB"],
  de: ["10115 Berlin", "80331 München", "20095 Hamburg", "50667 Köln"],
  fr: ["75002 Paris", "69003 Lyon", "33000 Bordeaux", "59000 Lille"],
  nl: ["1012 AB Amsterdam", "3011 AD Rotterdam", "3511 LX Utrecht", "2511 CV Den Haag"],
  es: ["28013 Madrid", "08001 Barcelona", "41001 Sevilla", "46002 Valencia"],
  it: ["00184 Roma", "20121 Milano", "10121 Torino", "50122 Firenze"],
  pt: ["1100-148 Lisboa", "4000-322 Porto", "3000-150 Coimbra"],
  ms: [
    "81100 JOHOR BAHRU, JOHOR",
    "40400 SHAH ALAM, SELANGOR",
    "47400 PETALING JAYA, SELANGOR",
    "43000 KAJANG, SELANGOR",
    "55100 KUALA LUMPUR"
  ]
}
const TAMAN = [
  "TAMAN DAYA",
  "TAMAN SRI MUDA",
  "TAMAN JOHOR JAYA",
  "BANDAR BARU PERMAS JAYA",
  "TAMAN DESA HARMONI",
  "SEKSYEN 13"
]

const PRODUCTS = [
  "Consulting services",
  "Office chairs",
  "Printer paper A4",
  "Web hosting (annual)",
  "Installation",
  "LED panel 60x60",
  "Laptop stand",
  "Maintenance contract",
  "Design work",
  "Shipping",
  "USB-C cable 2m",
  "Desk lamp",
  "Training session",
  "Software licence",
  "Toner cartridge",
  "Monitor 27\"",
  "Cleaning service",
  "Storage boxes"
]
const RECEIPT_ITEMS = [
  "MILO 1KG",
  "ROTI GARDENIA",
  "AIR MINERAL 1.5L",
  "NASI LEMAK",
  "TEH TARIK",
  "MEE GORENG",
  "PEN BIRU",
  "A4 PAPER 500S",
  "GUNTING",
  "SABUN CAIR",
  "BERAS 5KG",
  "TELUR GRED A",
  "KOPI O",
  "AYAM GORENG",
  "SCREW 2\"",
  "CAT DINDING 1L",
  "BATERI AA 4PC",
  "GULA 1KG"
]

export interface Party {
  readonly name: string
  /** Address lines, top to bottom. */
  readonly address: ReadonlyArray<string>
}

export const personName = (r: Random): string => `${r.pick(FIRST)} ${r.pick(LAST)}`

/** A company of the country, with a legal suffix most of the time. */
export const companyName = (r: Random, locale: Locale): string => {
  if (locale.id === "ms") {
    const base = r.chance(0.5)
      ? `${r.pick(MS_A)} ${r.pick(MS_B)}`
      : `${r.pick(WORD_A).toUpperCase()} ${r.pick(WORD_B).toUpperCase()}`
    const suffix = r.pick(locale.companySuffixes).toUpperCase()
    return r.chance(0.75) ? `${base} ${suffix}` : base
  }
  const b = locale.id === "de" && r.chance(0.6)
    ? r.pick(DE_B)
    : locale.id === "fr" && r.chance(0.6)
    ? r.pick(FR_B)
    : r.pick(WORD_B)
  const a = r.chance(0.25) ? r.pick(LAST) : r.pick(WORD_A)
  const base = locale.id === "fr" && r.chance(0.5) ? `${b} ${a}` : `${a} ${b}`
  const suffix = r.pick(locale.companySuffixes)
  return suffix === "" ? base : `${base} ${suffix}`
}

export const address = (r: Random, locale: Locale): Array<string> => {
  const no = r.int(1, 250)
  if (locale.id === "ms") {
    const lines = [`NO. ${no}, ${r.pick(STREETS.ms)},`, `${r.pick(TAMAN)},`, r.pick(CITIES.ms)]
    return r.chance(0.3) ? [`LOT ${r.int(100, 3000)}, ${r.pick(STREETS.ms)},`, r.pick(CITIES.ms)] : lines
  }
  const street = r.pick(STREETS[locale.id])
  const first = locale.id === "fr" || locale.id === "en-US" || locale.id === "en-GB"
    ? `${no} ${street}`
    : `${street} ${no}`
  return [first, r.pick(CITIES[locale.id])]
}

export const company = (r: Random, locale: Locale): Party => ({
  name: companyName(r, locale),
  address: address(r, locale)
})
export const person = (r: Random, locale: Locale): Party => ({ name: personName(r), address: address(r, locale) })

export const product = (r: Random): string => r.pick(PRODUCTS)
export const receiptItem = (r: Random): string => r.pick(RECEIPT_ITEMS)

/** A web domain made from a company name ("Blue Harbor Logistics Ltd" → blueharborlogistics.com). */
export const domainOf = (name: string, locale: Locale): string => {
  const words = name.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").split(/\s+/)
    .filter((w) =>
      !/^(inc|llc|corp|co|ltd|limited|plc|gmbh|ag|kg|sarl|sas|sa|eurl|bv|nv|sl|slu|srl|spa|snc|lda|sdn|bhd|berhad|ug|ek|vof|&|unipessoal)\.?$/
        .test(w.replace(/\./g, ""))
    )
  const tld = {
    "en-US": "com",
    "en-GB": "co.uk",
    de: "de",
    fr: "fr",
    nl: "nl",
    es: "es",
    it: "it",
    pt: "pt",
    ms: "com.my"
  }[locale.id]
  return `${words.join("").replace(/[^a-z0-9]/g, "")}.${tld}`
}

export const iban = (r: Random, locale: Locale): string => {
  const cc =
    { "en-US": "US", "en-GB": "GB", de: "DE", fr: "FR", nl: "NL", es: "ES", it: "IT", pt: "PT", ms: "MY" }[locale.id]
  const digits = Array.from({ length: 18 }, () => r.int(0, 9)).join("")
  return `${cc}${r.int(10, 99)} ${digits.replace(/(.{4})/g, "$1 ").trim()}`
}
