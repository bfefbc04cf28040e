/**
 * Unlabelled fallbacks of the local extractor: where a field's label is not on the page, the
 * value may still be recognizable by its place and shape (the largest amount on a total row, the
 * currency most amounts carry, the issuer's name at the top of the first page and its address below).
 */
import type { LeafField } from "../Domain/FieldTree.js"
import { type PageLayout, type PlacedWord, type Row, below, findLabels, lexiconHits, rightOf } from "./Layout.js"
import { type ReadKind, type ReadValue, matchEnum, readValue } from "./Readers.js"
import { type DateOrder, currencyCode, findValueCandidates } from "./Values.js"
import { fold } from "./Tokens.js"
import { documentTypeProfile } from "./DocumentTypes.js"
import { conceptPhrases } from "./Vocabulary.js"

export interface Section {
  readonly layouts: ReadonlyArray<PageLayout>
  readonly hint: DateOrder | undefined
  /** The template's document type, for rules that depend on who sends the document to whom. */
  readonly documentType?: string
}

export interface Found extends ReadValue {
  readonly layout: PageLayout
}

const TOTALISH = new Set(["total", "totaal", "totale", "summe", "gesamt", "gesamtbetrag", "jumlah", "due", "payable", "ttc", "grand", "balance"])
const NOT_TOTAL = new Set(["subtotal", "tax", "tender", "rounding", "discount", "quantity", "tax_rate"])

const rowsOf = (section: Section) => section.layouts.flatMap((layout) => layout.rows.map((row) => ({ layout, row })))

const firstLabelConcepts = (layout: PageLayout, row: Row): ReadonlySet<string> => lexiconHits(layout, row)[0]?.concepts ?? new Set()

/** A total without a usable label: the largest amount on a total-ish row, else the largest decimal amount not paid or counted. */
const totalFallback = (section: Section, kind: ReadKind): Found | undefined => {
  let best: { found: Found; n: number; totalish: boolean } | undefined
  for (const { layout, row } of rowsOf(section)) {
    const first = firstLabelConcepts(layout, row)
    if ([...first].some((c) => NOT_TOTAL.has(c)) && !first.has("total")) continue
    const totalish = row.words.some((w) => w.tokens.some((t) => TOTALISH.has(t)))
    for (const c of findValueCandidates(row.words, "amount", section.hint)) {
      const n = c.value as number
      if (!totalish && c.decimals !== true) continue
      const better = best === undefined || (totalish && !best.totalish) || (totalish === best.totalish && n >= best.n)
      if (better) {
        const words = row.words.slice(c.start, c.end)
        best = { found: { value: kind === "amountText" ? c.text : n, words, layout }, n, totalish }
      }
    }
  }
  return best?.found
}

/** The currency printed on the last total row, else the one most amounts carry. */
const currencyFallback = (section: Section): Found | undefined => {
  const own = new Set(["total"])
  const totals = section.layouts.flatMap((layout) => findLabels(layout, conceptPhrases("total"), own))
  for (const m of totals.reverse()) {
    const r = readValue("currency", m.row.words.slice(m.last + 1))
    if (r !== undefined) return { ...r, layout: m.page }
  }
  const counts = new Map<string, { n: number; first: Found }>()
  for (const { layout, row } of rowsOf(section)) {
    for (const w of row.words) {
      if (w.text.length > 12) continue
      const code = currencyCode(w.text)
      if (code === undefined) continue
      const entry = counts.get(code) ?? { n: 0, first: { value: code, words: [w], layout } }
      // A currency word ("Sterling", "Euro") is often part of a name; a code or a symbol is not.
      entry.n += /^\p{L}{4,}$/u.test(w.text.replace(/[^\p{L}]/gu, "")) && !/[^\p{L}]/u.test(w.text.trim()) ? 0.25 : 1
      counts.set(code, entry)
    }
  }
  let best: { n: number; first: Found } | undefined
  for (const e of counts.values()) if (best === undefined || e.n > best.n) best = e
  return best?.first
}

const COMPANY_SUFFIX = /(?:[\s(.,])(?:sdn\.?\s*bhd|sdn|bhd|berhad|s\/b|ltd|limited|llc|l\.l\.c|inc|corp|corporation|co\.|company|plc|gmbh|ag|kg|b\.?v|n\.?v|s\.?a\.?r\.?l|sarl|sas|s\.?a|s\.?l|s\.?p\.?a|spa|srl|lda|pty|pvt|enterprise|trading|group|oy|ab|as|eurl|sasu|ug|e\.k|v\.?o\.?f|s\.?n\.?c|s\.?l\.?u|s\.?r\.?l|ltda|llp|pllc|kft|aps|bvba|sprl|ohg|mbh)\.?(?=$|[\s),.])/i
const TITLE_WORDS = new Set(["invoice", "invoices", "tax", "bill", "receipt", "facture", "rechnung", "factuur", "factura", "fattura", "fatura", "invois", "resit", "retail", "original", "copy", "duplicate", "statement", "cash", "sales", "official", "simplified", "page", "of", "no", "recu", "ticket", "bon", "kassabon", "kassenbon", "beleg", "kassenbeleg", "quittung", "caisse", "kassa", "bonnetje", "recibo", "ricevuta", "scontrino", "talao"])

/** A registration number after a company name: "(126926-H)", "789417-W". */
const REGISTRATION_WORD = /^\(?\d[\d-]*-[A-Z]\)?[.,]?$|^\([\w-]*\d{3,}[\w-]*\)[.,]?$/

/**
 * The row's phrases, cut at column gaps. A letter-spaced heading ("SAM   SAM   TRADING   CO") has
 * wide but even gaps: a gap only cuts when it is also well above the row's typical gap.
 */
const lineWords = (layout: PageLayout, row: Row): Array<Array<PlacedWord>> => {
  // Specks a scan leaves at a line's ends ("; HARBOR HARDWARE", "! London EC1A 1BB ’") are no words of it.
  const words = row.words.filter((w) => !SPECK.test(w.text))
  if (words.length === 0) return []
  const gaps = words.slice(1).map((w, i) => w.box[0] - words[i]!.box[2])
  const sorted = [...gaps].sort((a, b) => a - b)
  const typical = words.length < 3 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!
  const out: Array<Array<PlacedWord>> = [[words[0]!]]
  gaps.forEach((gap, i) => {
    if (gap > 2.5 * layout.unit && gap > 2 * typical) out.push([words[i + 1]!])
    else out[out.length - 1]!.push(words[i + 1]!)
  })
  return out
}

/** A word of nothing but marks that are neither joiners nor separators of a line. */
const SPECK = /^[!¡?¿;:'"‘’“”`´~^*_=<>«»©®°§¶.,/\\]+$/

const withoutRegistration = (words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  let end = words.length
  while (end > 1 && REGISTRATION_WORD.test(words[end - 1]!.text)) end--
  // A lone small letter after a name in capitals ("HARBOR HARDWARE p") is a speck read as a letter.
  if (end > 1 && /^\p{Ll}$/u.test(words[end - 1]!.text) && words.slice(0, end - 1).every((w) => w.text === w.text.toUpperCase())) end--
  return words.slice(0, end)
}

/** Street words and postcodes: an address line, not a name. */
const STREET = /^(?:taman|tmn|bandar|kawasan|seksyen|lot|no\.?)\s|\b(?:jalan|jln|lorong|street|road|avenue|rue|strasse|straße|calle|rua|via|avenida|laan|weg)\b|\p{L}(?:straße|strasse|str\.|straat|weg|laan|gasse|allee|plein|platz)(?=\s|,|$)|\b\d{5}\b/iu
/** Postcodes with letters: Dutch "1012 AB", Portuguese "1100-148", British "EC1A 1BB". */
const POSTCODE = /\b\d{4}\s?[A-Z]{2}\b|\b\d{4}-\d{3}\b|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/

const looksLikeName = (layout: PageLayout, row: Row, words: ReadonlyArray<PlacedWord>): boolean => {
  const text = words.map((w) => w.text).join(" ")
  const letters = (text.match(/\p{L}/gu) ?? []).length
  if (letters < 3 || letters < text.replace(/\s/g, "").length * 0.5) return false
  if (/@|www\.|https?:|\.com\b/i.test(text) || STREET.test(text) || POSTCODE.test(text)) return false
  // A label waiting for its value ("BR NO.:", "Bill To:") is not a name.
  if (/[:：]\s*$/.test(text) || words[words.length - 1]!.tokens.at(-1) === "no") return false
  const tokens = words.flatMap((w) => w.tokens).filter((t) => !/^\d+$/.test(t))
  if (tokens.length === 0 || tokens.every((t) => TITLE_WORDS.has(t))) return false
  if (readValue("date", words) !== undefined) return false
  const first = lexiconHits(layout, row)[0]
  if (first === undefined || !words.includes(row.words[first.first]!) || !first.labelLike) return true
  // "Syarikat Maju Jaya" is a name: a word that starts company names is a label only with its colon.
  const label = row.words.slice(first.first, first.last + 1)
  return label.every((w) => w.tokens.every((t) => NAME_STARTS.has(t))) && !/[:：]/.test(label.map((w) => w.text).join(" ") + (row.words[first.last + 1]?.text.slice(0, 1) ?? ""))
}

/** Words that begin shop and company names in the languages we read ("Syarikat", "Kedai", "Restoran"). */
const NAME_STARTS = new Set(["syarikat", "kedai", "restoran", "restaurant", "pasaraya", "perniagaan", "gerai", "toko", "company", "store", "shop"])

interface NameLine {
  readonly layout: PageLayout
  readonly row: Row
  readonly words: ReadonlyArray<PlacedWord>
  /** A company registration number follows the name (on its line or the next). */
  readonly registered?: boolean
}

const WEBMAIL = new Set(["gmail", "googlemail", "yahoo", "hotmail", "outlook", "live", "icloud", "aol", "gmx", "web", "mail", "example", "proton", "protonmail", "yandex", "qq", "163"])

/** The names in the page's web and e-mail addresses ("azure-interior" in www.azure-interior.com): the issuer's name often is one. */
const domainNames = (layout: PageLayout): Set<string> => {
  const out = new Set<string>()
  for (const row of layout.rows) {
    for (const w of row.words) {
      const m = /@([\w-]+)\.|www\.([\w-]+)\.|^(?:https?:\/\/)?([\w-]{4,})\.(?:com|net|org|de|fr|nl|be|es|it|pt|my|in|co|io|eu|ch|at|uk)\b/i.exec(w.text)
      const name = (m?.[1] ?? m?.[2] ?? m?.[3])?.toLowerCase().replace(/[^a-z0-9]/g, "")
      if (name !== undefined && name.length >= 4 && !WEBMAIL.has(name)) out.add(name)
    }
  }
  return out
}

const TLD = /^(?:com|net|org|de|fr|nl|be|es|it|pt|my|in|co|io|eu|ch|at|uk|shop|store)$/

/**
 * A marketplace's brand: the name in the document's own web address ("www.flipkart.com/support")
 * printed as a word of its text ("At Flipkart we try…", "Flipkart.com"), when the seller read at
 * a label is someone else. Undefined when the page names no such brand.
 */
export const marketplaceBrand = (section: Section, seller: ReadonlyArray<PlacedWord>): Found | undefined => {
  const layout = section.layouts[0]
  if (layout === undefined) return undefined
  const brands = new Set<string>()
  for (const row of layout.rows) {
    for (const w of row.words) {
      const m = /(?:www\.|https?:\/\/)([\w-]{3,})\./i.exec(w.text)
      if (m !== null && !WEBMAIL.has(m[1]!.toLowerCase())) brands.add(m[1]!.toLowerCase().replace(/[^a-z0-9]/g, ""))
    }
  }
  const sellerKey = compact(seller)
  for (const row of layout.rows) {
    for (const w of row.words) {
      if (/www\.|https?:|@|\//i.test(w.text)) continue
      const [first, second, ...rest] = w.tokens
      if (first === undefined || !brands.has(first) || sellerKey.includes(first) || rest.length > 0) continue
      if (second !== undefined && !TLD.test(second)) continue
      const text = second === undefined ? w.text.replace(/^\W+|\W+$/g, "") : w.text.slice(0, w.text.toLowerCase().indexOf(first) + first.length)
      return { value: text, words: [w], layout }
    }
  }
  return undefined
}

const compact = (words: ReadonlyArray<PlacedWord>) => fold(words.map((w) => w.text).join("")).replace(/[^a-z0-9]/g, "")

/** A name cut by the line end ("HOME MASTER HARDWARE &", "ENTERPRISE (SETIA") continues on the next row of its column. */
const continued = (layout: PageLayout, line: NameLine): NameLine => {
  const text = line.words.map((w) => w.text).join(" ")
  const open = (text.match(/\(/g) ?? []).length > (text.match(/\)/g) ?? []).length
  if (!open && !/[&,+-]$/.test(text)) return line
  const next = layout.rows[line.row.index + 1]
  if (next === undefined || next.box[1] - line.row.box[3] > 1.5 * layout.unit) return line
  const x1 = line.words[0]!.box[0], x2 = line.words[line.words.length - 1]!.box[2]
  const seg = lineWords(layout, next).find((ws) => ws[0]!.box[0] < x2 && ws[ws.length - 1]!.box[2] > x1)
  return seg === undefined ? line : { ...line, words: [...line.words, ...withoutRegistration(seg)] }
}

/** Words a company's legal line carries: registration, registered office, share capital, tax ids. */
const LEGAL = /\b(?:siret|siren|rcs|rsc|capital|si[eè]ge social|kvk|handelsregister|hrb|hra|amtsgericht|registergericht|gesch[aä]ftsf[uü]hrer|registered (?:office|in|no)|company (?:no|number|reg)|reg(?:istration)?\.? no|vat|tva|ust-?id|ust-?idnr|uid|steuer-?nr|steuernummer|btw|p\.? ?iva|partita iva|c\.\s?f|codice fiscale|nif|cif|nipc|contribuinte|abn|tax id|gst (?:id|reg|no)|sst (?:no|id|reg)|(?:no\.?|nombor) (?:sst|gst|cukai|syarikat|pendaftaran)|roc|ssm|cin|ein)\b/i

/** The words that name the document's recipients: what follows a "Bill to", "Customer" or "Ship to" label, in its column. */
const recipientWords = (layout: PageLayout): Set<PlacedWord> => {
  const own = new Set(["customer", "shipping"])
  const out = new Set<PlacedWord>()
  const labels = findLabels(layout, [...conceptPhrases("customer"), ...conceptPhrases("shipping")], own)
  for (const m of labels) {
    if (!m.colon && !(m.segmentStart && m.phrase.strength >= 1)) continue
    for (const w of rightOf(m, own)) out.add(w)
    for (const area of below(m, own, 5)) for (const w of area.words) out.add(w)
  }
  return out
}

/** The name part of a line that goes on with an address or legal details after a separator ("ACME GmbH - Hauptstr. 5"). */
const namePart = (words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  const cut = words.findIndex((w, i) => i > 0 && /^[-–|·•]$/.test(w.text))
  return cut > 0 ? words.slice(0, cut) : words
}

const isCompany = (c: NameLine) => COMPANY_SUFFIX.test(c.words.map((w) => w.text).join(" "))
const overlaps = (a: ReadonlyArray<PlacedWord>, x1: number, x2: number) => a[0]!.box[0] < x2 && a[a.length - 1]!.box[2] > x1

/**
 * The name a company's legal line belongs to (registration, registered office, tax id): the block
 * of rows the legal line closes, in its column, is the company's; its company-like, registered or
 * first name-like line is the name. Works for a letterhead with its VAT number and for a footer.
 */
const legalOwner = (layout: PageLayout, candidates: ReadonlyArray<NameLine>): NameLine | undefined => {
  for (const row of layout.rows) {
    for (const seg of lineWords(layout, row)) {
      const text = seg.map((w) => w.text).join(" ")
      // A tax column header or a "VAT 21%" row is no legal line: those carry an id or an address.
      if (!LEGAL.test(text) || (text.match(/\d/g) ?? []).length < 5 || /\d\s?%|\d[.,]\d\d(?!\d)/.test(text)) continue
      const x1 = seg[0]!.box[0], x2 = seg[seg.length - 1]!.box[2]
      let first = row.index
      while (first > 0) {
        const above = layout.rows[first - 1]!
        if (layout.rows[first]!.box[1] - above.box[3] > 2 * layout.unit || !lineWords(layout, above).some((ws) => overlaps(ws, x1, x2))) break
        first--
      }
      const block = candidates.filter((c) =>
        c.row.index >= first && c.row.index <= row.index && overlaps(c.words, x1, x2) && !LEGAL.test(c.words.map((w) => w.text).join(" ")))
      const owner = block.find(isCompany) ?? block.find((c) => c.registered) ?? block[0]
      if (owner !== undefined) return owner
    }
  }
  return undefined
}

/**
 * The issuer's name without a label, from the first page's top and bottom lines (never a
 * recipient's block): a name whose letters are a web or e-mail domain of the page, else the name
 * the company's legal line goes with, else a company-like line near the top, else one followed by a
 * registration number, else the first name-like one.
 */
export const issuerLine = (section: Section): NameLine | undefined => {
  const layout = section.layouts[0]
  if (layout === undefined) return undefined
  const recipients = recipientWords(layout)
  const top: Array<NameLine> = []
  const bottom: Array<NameLine> = []
  for (const row of layout.rows) {
    const region = row.box[1] <= 0.35 ? top : row.box[1] >= 0.8 ? bottom : undefined
    if (region === undefined) continue
    for (const segment of lineWords(layout, row)) {
      const name = namePart(segment)
      const words = withoutRegistration(name)
      if (words.some((w) => recipients.has(w)) || !looksLikeName(layout, row, words)) continue
      const next = layout.rows[row.index + 1]?.words.map((w) => w.text).join(" ").trim() ?? ""
      region.push({ layout, row, words, registered: words.length < name.length || REGISTRATION_LINE.test(next) })
    }
  }
  const domains = domainNames(layout)
  const byDomain = [...top, ...bottom].find((c) => {
    const key = compact(c.words)
    return [...domains].some((d) => key === d || (d.length >= 5 && key.startsWith(d)) || (key.length >= 5 && d.startsWith(key)))
  })
  const withSuffix = top.slice(0, 8).find(isCompany)
  const registered = top.slice(0, 3).find((c) => c.registered)
  // A line in small letters at the top ("tan woon yann") is someone's note, not a printed name.
  const printed = top.find((c) => /\p{Lu}/u.test(c.words.map((w) => w.text).join(""))) ?? top[0]
  const pick = byDomain ?? legalOwner(layout, [...top, ...bottom]) ?? withSuffix ?? registered ?? printed
  return pick === undefined ? undefined : continued(layout, pick)
}

const ADDRESS_WORD = /\p{L}(?:straße|strasse|straat|weg|laan|gasse|allee|plein|platz|gracht|kade|singel)(?!\p{L})|\b(?:jalan|jln|lorong|taman|tmn|lot|no|street|st|road|rd|avenue|ave|lane|floor|flr|level|block|blok|building|bangunan|suite|unit|rue|boulevard|bd|strasse|straße|str|weg|platz|laan|straat|plein|calle|avenida|via|piazza|rua|box|p\.?o)\b|\b\d{4,6}\b/iu
const NOT_ADDRESS = /@|www\.|https?:|\bh\/p\b|\b(?:tel|telephone|phone|fax|hp|gst|sst|vat|tin|reg|invoice|receipt|date|cashier)\b/i
const REGISTRATION_LINE = /^\(?\s*[A-Z]{0,3}\d{4,}\s*-?\s*[A-Z]{1,2}\s*\)?$|^\(?\s*(?:co\.?\s*reg|company\s*no|roc)\b/i

/** Why a line under the issuer is not part of its address. */
const notAddress = (layout: PageLayout, row: Row, words: ReadonlyArray<PlacedWord>): boolean => {
  const text = words.map((w) => w.text).join(" ")
  if (NOT_ADDRESS.test(text) || !/\p{L}/u.test(text) || readValue("date", words) !== undefined) return true
  // A title, alone or with its number ("Bon CS5956"), ends the address.
  const tokens = words.flatMap((w) => w.tokens).filter((t) => !/\d/.test(t))
  if (tokens.length > 0 && tokens.every((t) => TITLE_WORDS.has(t))) return true
  const first = lexiconHits(layout, row).find((h) => words.includes(row.words[h.first]!))
  return first !== undefined && first.labelLike && words[0] === row.words[first.first]
}

/** The address block under the issuer's name: the next address-like lines of its column (a registration or date line may come first). */
const addressFallback = (section: Section): Found | undefined => {
  const issuer = issuerLine(section)
  if (issuer === undefined) return undefined
  const { layout } = issuer
  const x1 = issuer.words[0]!.box[0], x2 = issuer.words[issuer.words.length - 1]!.box[2]
  const picked: Array<PlacedWord> = []
  let last = issuer.row, skipped = 0, lines = 0
  for (let r = issuer.row.index + 1; r < layout.rows.length && lines < 6; r++) {
    const row = layout.rows[r]!
    if (row.box[1] - last.box[3] > 2.5 * layout.unit) break
    last = row
    const seg = lineWords(layout, row).find((ws) => ws[0]!.box[0] < x2 && ws[ws.length - 1]!.box[2] > x1)
    if (seg === undefined) continue
    const text = seg.map((w) => w.text).join(" ").replace(/[\s:;,.'‘’"|]+$/, "")
    if (picked.length === 0) {
      // A street word or postcode, or a house number before a comma ("109, SS21/1A,").
      const starts = (ADDRESS_WORD.test(text) || /^\d{1,5}[A-Za-z]?\s*,/.test(text)) && !REGISTRATION_LINE.test(text.trim()) && !notAddress(layout, row, seg)
      if (!starts) {
        if (++skipped > 3) break
        continue
      }
    } else if (notAddress(layout, row, seg) || REGISTRATION_LINE.test(text.trim())) break
    picked.push(...seg)
    lines++
  }
  if (!picked.some((w) => /\d/.test(w.text))) return undefined
  return { value: picked.map((w) => w.text).join(" ").replace(/\s+,/g, ","), words: picked, layout }
}

const DATE_FAMILY_OTHERS = new Set(["due_date", "order_date", "delivery_date"])

/** The first date of the section not labelled as another kind of date. */
const dateFallback = (section: Section, kind: ReadKind, concepts: ReadonlyArray<string>): Found | undefined => {
  for (const { layout, row } of rowsOf(section)) {
    const labels = lexiconHits(layout, row).flatMap((h) => [...h.concepts])
    if (labels.some((c) => DATE_FAMILY_OTHERS.has(c) && !concepts.includes(c))) continue
    const r = readValue(kind, row.words, { hint: section.hint })
    if (r !== undefined) return { ...r, layout }
  }
  return undefined
}

/** The first value of a recognizable shape anywhere in the section (an e-mail address, an IBAN). */
const firstOfShape = (section: Section, kind: ReadKind): Found | undefined => {
  for (const { layout, row } of rowsOf(section)) {
    for (let i = 0; i < row.words.length; i++) {
      const r = readValue(kind, row.words.slice(i))
      if (r !== undefined) return { ...r, layout }
    }
  }
  return undefined
}

/** An enum value found without a label: only when a single one of the values appears in the section. */
const enumFallback = (section: Section, values: ReadonlyArray<string>): Found | undefined => {
  const seen = new Map<string, Found>()
  for (const { layout, row } of rowsOf(section)) {
    const r = matchEnum(row.words, values)
    if (r !== undefined && !seen.has(String(r.value))) seen.set(String(r.value), { ...r, layout })
  }
  return seen.size === 1 ? [...seen.values()][0] : undefined
}

const BANK_WORD = /bank|banque|banco|banca|sparkasse|caixa|caisse|caja|cassa|cr[ée]dit|raiffeisen|building society|credit union/i

/** A bank's name without a label: a name-like line of the first page's top that names a bank (a statement's letterhead). */
const bankFallback = (section: Section): Found | undefined => {
  const layout = section.layouts[0]
  if (layout === undefined) return undefined
  for (const row of layout.rows) {
    if (row.box[1] > 0.35) break
    for (const seg of lineWords(layout, row)) {
      const words = withoutRegistration(namePart(seg))
      const text = words.map((w) => w.text).join(" ")
      // The bank's name: several words or a compound ("Volksbank"), not a lone "Credit" column header, not a label.
      const lone = words.length === 1 && new RegExp(`^(?:${BANK_WORD.source})$`, "i").test(text)
      if (BANK_WORD.test(text) && !lone && !/[:：]\s*$|@|www\./.test(text) && (text.match(/\p{L}/gu) ?? []).length >= 4) return { value: text, words, layout }
    }
  }
  return undefined
}

/**
 * The name a document is addressed to: the first name-like line after a customer label ("To:",
 * "Kepada:"), in its column. A purchase order is addressed to its vendor.
 */
const addresseeLine = (section: Section): NameLine | undefined => {
  const layout = section.layouts[0]
  if (layout === undefined) return undefined
  const own = new Set(["customer"])
  for (const m of findLabels(layout, conceptPhrases("customer"), own)) {
    if (!m.colon && !(m.segmentStart && m.phrase.strength >= 1)) continue
    for (const words of [rightOf(m, own), ...below(m, own, 3).map((a) => a.words)]) {
      const name = withoutRegistration(namePart(words))
      if (name.length > 0 && looksLikeName(layout, m.row, name)) return { layout, row: m.row, words: name }
    }
  }
  return undefined
}

const PARTY = new Set(["issuer"])
const DOCUMENT_DATES = new Set(["date", "invoice_date", "purchase_date"])

/** The unlabelled reading for a field, when its kind and meaning allow one. */
export const fallbackValue = (section: Section, field: LeafField, kind: ReadKind, concepts: ReadonlyArray<string>): Found | undefined => {
  const primary = concepts[0]
  if ((kind === "amount" || kind === "amountText") && primary === "total") return totalFallback(section, kind)
  if (kind === "currency") return currencyFallback(section)
  if (kind === "text" && primary !== undefined && PARTY.has(primary)) {
    const ordered = section.documentType !== undefined && documentTypeProfile(section.documentType).key === "purchase_order"
    const line = ordered ? addresseeLine(section) ?? issuerLine(section) : issuerLine(section)
    return line === undefined ? undefined : { value: line.words.map((w) => w.text).join(" ").replace(/[\s,;:]+$/, ""), words: line.words, layout: line.layout }
  }
  if (kind === "text" && primary === "address") return addressFallback(section)
  if (kind === "text" && primary === "bank") return bankFallback(section)
  if ((kind === "date" || kind === "dateText") && primary !== undefined && DOCUMENT_DATES.has(primary)) return dateFallback(section, kind, concepts)
  if (kind === "email" || kind === "iban") return firstOfShape(section, kind)
  if (kind === "enum") return enumFallback(section, field.enum ?? [])
  return undefined
}
