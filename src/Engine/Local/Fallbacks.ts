/**
 * Unlabelled fallbacks of the local extractor: where a field's label is not on the page, the
 * value may still be recognizable by its place and shape (the largest amount on a total row, the
 * currency most amounts carry, the issuer's name and address in the letterhead, see Letterhead.ts).
 */
import type { LeafField } from "../../Domain/FieldTree.js"
import { documentTypeProfile } from "../../Text/DocumentTypes.js"
import { lostDecimalMark, repairLegalForm } from "../../Text/Misreads.js"
import { currencyOfWord, findValueCandidates } from "../../Text/Values.js"
import { conceptPhrases } from "../../Text/Vocabulary.js"
import { beforeAnotherBlock, customerBlock, windowName } from "./AddressBlocks.js"
import { looksLikeAddress } from "./AddressLines.js"
import { shapeOf } from "./Confidence.js"
import { crownOf, dollarOf } from "./DollarCountry.js"
import { findLabels, firstLabelConcepts, lexiconHits } from "./Labels.js"
import { type PageLayout, type Row } from "./Layout.js"
import { COMPANY_SUFFIX, hasLegalForm } from "./LegalForms.js"
import { isCut, issuerLine } from "./Letterhead.js"
import { addressValue, letterheadAddress } from "./LetterheadAddress.js"
import { lineWords, type NameLine, namePart, withoutRegistration } from "./NameLines.js"
import { NAME_SHAPE } from "./Parties.js"
import { isPaid } from "./Payment.js"
import { isNetWord } from "./Qualifiers.js"
import { matchEnum, type ReadKind, type ReadValue, readValue } from "./Readers.js"
import { addressedName, addresseeLine } from "./Recipients.js"
import { besideANumber, currenciesOfRow } from "./RowCurrencies.js"
import type { Found, Section } from "./Section.js"
import { itemSumsOf } from "./Sums.js"
import { confirmingTiers, taxSummaryHeadings } from "./Totals.js"
import { isLabelMark } from "./ValueAreas.js"

const TOTALISH = new Set([
  "total",
  "totaal",
  "totale",
  "summe",
  "gesamt",
  "gesamtbetrag",
  "jumlah",
  "due",
  "payable",
  "ttc",
  "grand",
  "balance",
  "brutto",
  "gross"
])
const NOT_TOTAL = new Set([
  "subtotal",
  "tax",
  "tender",
  "change",
  "rounding",
  "discount",
  "quantity",
  "tax_rate",
  "service_charge",
  "staff"
])

const rowsOf = (section: Section) => section.layouts.flatMap((layout) => layout.rows.map((row) => ({ layout, row })))

/**
 * A total without a usable label: the largest amount the section confirms (what was paid, what its
 * subtotal and adjustments add up to); else the largest amount on a total-ish row, else the largest
 * decimal amount not paid or counted, agreed when it is printed on two rows (a total and the amount
 * handed over whose label OCR lost).
 */
const totalFallback = (section: Section, kind: ReadKind): (Found & { readonly agreed?: boolean }) | undefined => {
  const tiers = confirmingTiers(section)
  let best: { found: Found; n: number; totalish: boolean } | undefined
  // The largest amount of the surest tier that confirms one.
  let confirmed: { found: Found; n: number; tier: number } | undefined
  const rowsWith = new Map<number, number>()
  for (const layout of section.layouts) {
    // Rows from the first tax summary's heading on are the summary's.
    const summaryAt = taxSummaryHeadings(layout)[0]?.index ?? Infinity
    for (const row of layout.rows) {
      if (row.index >= summaryAt) continue
      const first = firstLabelConcepts(layout, row)
      if ([...first].some((c) => NOT_TOTAL.has(c)) && !first.has("total")) continue
      // A net sum's row ("Summe Abschlag netto") is no total's, whatever its words.
      const totalish = row.words.some((w) => w.tokens.some((t) => TOTALISH.has(t))) &&
        !row.words.some((w) => isNetWord(w.text))
      const onRow = new Set<number>()
      // A row ending in an amount whose decimal mark was lost ("RM 9 30") has no whole number to offer.
      const lostMark = lostDecimalMark(row.words.map((w) => w.text)) !== undefined
      for (const c of findValueCandidates(row.words, "amount", section.hint)) {
        const n = c.value as number
        if ((!totalish || lostMark) && c.decimals !== true) continue
        const words = row.words.slice(c.start, c.end)
        const found = { value: kind === "amountText" ? c.text : n, words, layout }
        if (c.decimals === true) onRow.add(Math.abs(n))
        const tier = c.decimals === true && n > 0 ? tiers.findIndex((t) => isPaid(t, n)) : -1
        if (
          tier >= 0 &&
          (confirmed === undefined || tier < confirmed.tier || (tier === confirmed.tier && n >= confirmed.n))
        ) confirmed = { found, n, tier }
        const better = best === undefined || (totalish && !best.totalish) || (totalish === best.totalish && n >= best.n)
        if (better) best = { found, n, totalish }
      }
      for (const n of onRow) rowsWith.set(n, (rowsWith.get(n) ?? 0) + 1)
    }
  }
  if (confirmed !== undefined) return { ...confirmed.found, agreed: true }
  if (best === undefined) return undefined
  const { found, n } = best
  const printedTwice = n > 0 && (rowsWith.get(Math.abs(n)) ?? 0) >= 2
  // A whole number on a total row ("TOTAL 48") that the section confirms agrees as well; so does the sum
  // of the items printed above it.
  const confirmedWhole = kind !== "amountText" && tiers.some((t) => isPaid(t, n))
  return { ...found, agreed: printedTwice || confirmedWhole || (n > 0 && isPaid(itemSumsOf(section), n)) }
}

/** A currency sign read with less confidence than this counts only beside a number. */
const DOUBTFUL_MARK = 0.8

/** Marks several currencies print ("$": US, Canadian, Singapore, Australian dollars…; "¥": yen and yuan). */
const SHARED_MARK = /^[^\p{L}\d]*[$¥][^\p{L}]*$|^[\d.,]+[$¥]$/u

/**
 * The currency printed on the last total row, else the one most of the section's marks name; agreed
 * when the section's other marks name it too (a "€" read in doubt at the total is as sure as the
 * others), never on a mark several currencies share.
 */
const currencyFallback = (section: Section): (Found & { readonly agreed?: boolean }) | undefined => {
  const counts = new Map<string, { n: number; named: boolean; surest: Found }>()
  for (const { layout, row } of rowsOf(section)) {
    for (const mark of currenciesOfRow(row)) {
      const i = mark.index
      const w = row.words[i]!
      const code = mark.code ?? crownOf(section.layouts)
      if (code === undefined) continue
      // A mark alone on its row says nothing of the amounts: a logo or a speck OCR took for "£".
      if (row.words.length === 1 && !/\p{L}{3}/u.test(w.text)) continue
      // Nor does a sign read in doubt with no number beside it ("£ GTIN: 4012…", a speck in the margin).
      if (w.confidence < DOUBTFUL_MARK && !/\p{L}/u.test(w.text) && !besideANumber(row, i)) continue
      const entry = counts.get(code) ?? { n: 0, named: false, surest: { value: code, words: [w], layout } }
      // A currency word ("Sterling", "Euro") is often part of a name; a code or a symbol is not.
      entry.n += /^\p{L}{4,}$/u.test(w.text.replace(/[^\p{L}]/gu, "")) && !/[^\p{L}]/u.test(w.text.trim()) ? 0.25 : 1
      entry.named ||= !SHARED_MARK.test(w.text.trim())
      if (w.confidence > entry.surest.words[0]!.confidence) entry.surest = { value: code, words: [w], layout }
      counts.set(code, entry)
    }
  }
  const ranked = [...counts.values()].sort((a, b) => b.n - a.n)
  const runnerUp = (code: string) => ranked.find((e) => e.surest.value !== code)?.n ?? 0
  // Named at least `n` times in the section (the total's own mark among them), twice as often as any
  // other currency, once at least unambiguously.
  const agreed = (code: string, n: number) => {
    const e = counts.get(code)
    return e !== undefined && e.named && e.n >= n && e.n >= 2 * runnerUp(code)
  }
  const own = new Set(["total"])
  const totals = section.layouts.flatMap((layout) => findLabels(layout, conceptPhrases("total"), own))
  for (const m of totals.reverse()) {
    const after = m.row.words.slice(m.last + 1)
    const read = readValue("currency", after)
    if (read === undefined) continue
    // Two currencies after the total's label ("¥ EUR 663,31": a speck OCR read as "¥"): the one the section
    // names most.
    const marks = after.flatMap((w, i) => {
      const code = currencyOfWord(after, i)
      return code === undefined ? [] : [{ value: code, words: [w] }]
    })
    const r = marks.length > 1
      ? marks.reduce((a, b) => ((counts.get(b.value)?.n ?? 0) > (counts.get(a.value)?.n ?? 0) ? b : a))
      : read
    return whichDollar(section, { ...r, layout: m.page, agreed: agreed(String(r.value), 3) })
  }
  const best = ranked[0]
  return best !== undefined
    ? whichDollar(section, { ...best.surest, agreed: agreed(String(best.surest.value), 2) })
    : euroAccount(section)
}

/** A bare "$" read as US dollars is the dollar of the country the section names, when it names one. */
const whichDollar = <F extends Found>(section: Section, found: F): F => {
  if (found.value !== "USD" || !found.words.every((w) => SHARED_MARK.test(w.text.trim()))) return found
  const code = dollarOf(section.layouts)
  return code === undefined ? found : { ...found, value: code }
}

/** Countries of the euro area, as IBANs and VAT ids begin ("EL" is Greece's VAT prefix). */
const EURO_AREA = "AT|BE|CY|DE|EE|ES|FI|FR|GR|EL|HR|IE|IT|LT|LU|LV|MT|NL|PT|SI|SK"
/** An IBAN's first group ("DE89", "FR76 …" or the whole "DE89370400440532013000"), or a VAT id ("DE123456789", "ATU12345678"). */
const EURO_ACCOUNT = new RegExp(`^(?:(?:${EURO_AREA})\\d{2}(?:[\\dA-Z]{10,30})?|(?:${EURO_AREA})U?\\d{8,12})$`)

/**
 * No currency printed at all (bare amounts, or a "€" the OCR lost): a bank account or VAT id of the euro
 * area says the amounts are in euros.
 */
const euroAccount = (section: Section): Found | undefined => {
  for (const { layout, row } of rowsOf(section)) {
    for (const w of row.words) {
      if (EURO_ACCOUNT.test(w.text.replace(/[.,;:]$/, ""))) return { value: "EUR", words: [w], layout }
    }
  }
  return undefined
}

/** Labels a row's date is another date of ("Bestellt am 27.11.2024"). */
const DATE_FAMILY_OTHERS = new Set(["due_date", "order_date", "delivery_date", "arrival_date", "departure_date"])
/** Labels of another document's number ("Pedido", "Auftrag", "Albarán"). */
const OTHER_DOCUMENTS = new Set(["order_number", "quote_number", "delivery_note"])
/** A word that gives a number its date ("A-24/3318 vom 4. Dezember 2024", "AV25-02214 de 14-03-2025"). */
const DATING_WORD = /^(?:vom|von|du|de|del|dal|dated|of|from|van|d\.d\.)$/i

/**
 * A date right after another document's label ("Ihr Auftrag 08.01.2024", "Bestellung: 2.3.2024", "unserem
 * Auftrag vom 08.01.2024"): that document's, not this one's.
 */
const anotherDocumentsDate = (layout: PageLayout, row: Row, read: ReadValue): boolean => {
  const at = row.words.indexOf(read.words[0]!)
  return lexiconHits(layout, row).some((h) => {
    if (![...h.concepts].some((c) => OTHER_DOCUMENTS.has(c))) return false
    let next = h.last + 1
    while (next < at && isLabelMark(row.words[next]!)) next++
    if (next < at && DATING_WORD.test(row.words[next]!.text)) next++
    return next === at
  })
}

/** Whether a date read is given to the number before it: after a dating word, or in brackets ("PQ-2025-031 (12/02/2025)"). */
const givenToANumber = (row: Row, read: ReadValue): boolean => {
  const first = read.words[0]!
  const before = row.words[row.words.indexOf(first) - 1]
  return before !== undefined && (/^\(/.test(first.text) || /\($/.test(before.text) || DATING_WORD.test(before.text))
}

/** Words between a letter's town and its date ("Saint-Malo, le 3 avril 2025", "Berlin, den 3. März 2025"). */
const BEFORE_A_DATE = /^(?:le|den|il|el|am|the)$/i
/** A town's name, its words ending with the comma before the date. */
const TOWN_WORD = /^\p{Lu}[\p{L}'’.-]*,?$/u

/**
 * Whether a date read is a letter's date line: a town, its comma, the date, nothing else beside them
 * ("Innsbruck, 17. Jänner 2025").
 */
const placeAndDate = (layout: PageLayout, row: Row, read: ReadValue): boolean => {
  const at = row.words.indexOf(read.words[0]!)
  const town = row.words.slice(0, at).filter((w) => !BEFORE_A_DATE.test(w.text))
  const after = row.words[at + read.words.length]
  const last = read.words[read.words.length - 1]!
  return town.length >= 1 && town.length <= 3 && town.every((w) => TOWN_WORD.test(w.text)) &&
    town[town.length - 1]!.text.endsWith(",") &&
    (after === undefined || after.box[0] - last.box[2] > 3 * layout.unit)
}

/** A word between the two dates of a period ("08.05.2025 bis 10.05.2025", "du 1/3 au 31/3", "1 May – 31 May"). */
const RANGE_WORD = /^(?:bis|au|to|till|until|through|thru|[-–—])$/i

/** A period written as one word, its first date's year left out or not ("08.05.–10.05.2025", "1/3-31/3/2024"). */
const PERIOD_IN_A_WORD = /\d{1,2}[./]\d{1,2}[./]?(?:\d{2,4})?\s*[-–—]\s*\d{1,2}[./]\d{1,2}/

/** A word before a date that makes it the end of something ("bis 31.03.2024", "until", "jusqu'au"). */
const UNTIL_WORD = /^(?:bis|until|till|through|jusqu['’]au|jusqu['’]à|hasta|fino|tot|até)$/iu

/** Whether a date read is a period's: another date after it, both in one word, or its end ("bis …"). */
const startsAPeriod = (row: Row, read: ReadValue, kind: ReadKind, hint: Section["hint"]): boolean => {
  if (read.words.some((w) => PERIOD_IN_A_WORD.test(w.text))) return true
  const before = row.words[row.words.indexOf(read.words[0]!) - 1]
  if (before !== undefined && UNTIL_WORD.test(before.text)) return true
  const at = row.words.indexOf(read.words[read.words.length - 1]!) + 1
  const word = row.words[at]
  if (word === undefined) return false
  const rest = RANGE_WORD.test(word.text)
    ? row.words.slice(at + 1)
    : /^[-–—]\S/.test(word.text)
    ? row.words.slice(at)
    : []
  return rest.length > 0 && readValue(kind, rest.slice(0, 4), { hint }) !== undefined
}

/**
 * The document's date without its label: a letter's date line, else the first date of the section not
 * labelled as another kind of date, nor another document's ("Pedido PQ-2025-031 (12/02/2025)") while the
 * section has another, nor a period's.
 */
const dateFallback = (section: Section, kind: ReadKind, concepts: ReadonlyArray<string>): Found | undefined =>
  firstDate(section, kind, concepts, true) ?? firstDate(section, kind, concepts, false)

const firstDate = (
  section: Section,
  kind: ReadKind,
  concepts: ReadonlyArray<string>,
  strict: boolean
): Found | undefined => {
  let first: Found | undefined
  const receipt = section.documentType !== undefined && documentTypeProfile(section.documentType).key === "receipt"
  for (const { layout, row } of rowsOf(section)) {
    const hits = lexiconHits(layout, row).flatMap((h) => [...h.concepts])
    if (hits.some((c) => DATE_FAMILY_OTHERS.has(c) && !concepts.includes(c))) continue
    const r = readValue(kind, row.words, { hint: section.hint })
    if (r === undefined || startsAPeriod(row, r, kind, section.hint)) continue
    // A till's order ("Pedido 12/03/2024 21:05") is the receipt's own.
    if (!receipt && anotherDocumentsDate(layout, row, r)) continue
    if (strict && placeAndDate(layout, row, r)) return { ...r, layout }
    const another = hits.some((c) => OTHER_DOCUMENTS.has(c)) && !hits.includes("invoice_number")
    if (strict && another && givenToANumber(row, r)) continue
    first ??= { ...r, layout }
  }
  return first
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

const BANK_WORD =
  /bank|banque|banco|banca|sparkasse|caixa|caisse|caja|cassa|cr[ée]dit|raiffeisen|building society|credit union/i

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
      if (
        BANK_WORD.test(text) && !lone && !/[:：]\s*$|@|www\./.test(text) && (text.match(/\p{L}/gu) ?? []).length >= 4
      ) return { value: text, words, layout }
    }
  }
  return undefined
}

/** A name line as a value read. */
export const nameFound = (line: NameLine): Found => ({
  value: line.words.map((w) => w.text).join(" ").replace(/[\s,;:]+$/, ""),
  words: line.words,
  layout: line.layout
})

const PARTY = new Set(["issuer"])

/** The letterhead's address, ended where another party's address block starts under it. */
const letterheadAddressAlone = (section: Section): Found | undefined => {
  const found = letterheadAddress(section)
  if (found === undefined) return undefined
  const words = beforeAnotherBlock(found.layout, found.words)
  const value = words.length === found.words.length ? String(found.value) : addressValue(words)
  return looksLikeAddress(value) ? { ...found, value, words } : undefined
}

/** The margin of a customer's name found alone in the recipient's window (an address block's: 0.5). */
const WINDOW_NAME_MARGIN = 0.25
const DOCUMENT_DATES = new Set(["date", "invoice_date", "purchase_date"])

/**
 * A company's legal name as a shop prints it under its brand, in brackets with its registration number
 * ("(KL TRADING SDN BHD 201801034567)"): the name alone. Brackets around anything else stay.
 */
const outOfBrackets = (name: string): string => {
  const m = /^\((?<inner>[^()]+)\)$/.exec(name)
  const inner = m?.groups?.["inner"]?.replace(/\s+\d{6,}(?:-[A-Z])?$/, "")
  return inner !== undefined && hasLegalForm(inner) ? inner : name
}

/** The unlabelled reading for a field, when its kind and meaning allow one. */
export const fallbackValue = (
  section: Section,
  field: LeafField,
  kind: ReadKind,
  concepts: ReadonlyArray<string>
): (Found & { readonly agreed?: boolean }) | undefined => {
  const primary = concepts[0]
  if ((kind === "amount" || kind === "amountText") && primary === "total") return totalFallback(section, kind)
  if (kind === "currency") return currencyFallback(section)
  if (kind === "text" && primary !== undefined && PARTY.has(primary)) {
    const ordered = section.documentType !== undefined &&
      documentTypeProfile(section.documentType).key === "purchase_order"
    const line = ordered ? addresseeLine(section) ?? issuerLine(section) : issuerLine(section)
    if (line === undefined || isCut(line.words)) return undefined
    const name = line.words.map((w) => w.text).join(" ").replace(/[\s,;:]+$/, "")
    // A page whose first line is running text ("please find attached …") names no issuer there; a name
    // with its legal form is a name however it is written ("kedai kopi maju sdn bhd").
    if (shapeOf("text", name) < NAME_SHAPE && !COMPANY_SUFFIX.test(` ${name}`)) return undefined
    return { value: repairLegalForm(outOfBrackets(name)), words: line.words, layout: line.layout }
  }
  if (kind === "text" && primary === "customer") {
    const block = customerBlock(section)
    if (block !== undefined) return nameFound(block)
    // The name a line that only addresses someone heads ("Firma", "Herrn"), its address too far apart to make a block.
    const addressed = section.layouts[0] === undefined ? undefined : addressedName(section.layouts[0])
    if (addressed !== undefined) return nameFound(addressed)
    // A name alone in the window, with no address under it, stands out less than an address block.
    const alone = windowName(section)
    return alone === undefined ? undefined : { ...nameFound(alone), margin: WINDOW_NAME_MARGIN }
  }
  if (kind === "text" && primary === "address") return letterheadAddressAlone(section)
  if (kind === "text" && primary === "bank") return bankFallback(section)
  if ((kind === "date" || kind === "dateText") && primary !== undefined && DOCUMENT_DATES.has(primary)) {
    return dateFallback(section, kind, concepts)
  }
  if (kind === "email" || kind === "iban") return firstOfShape(section, kind)
  if (kind === "enum") return enumFallback(section, field.enum ?? [])
  return undefined
}
