/**
 * The letterhead without labels: the issuer's name at the top (or in the legal footer) of the first
 * page and the name a document is addressed to, read from what such lines look like on invoices and
 * receipts (company suffixes, registration numbers, street words), never from a recipient's block or a
 * note written on the page. The address under the issuer's name is LetterheadAddress.ts's, the company
 * a legal line names LegalOwner.ts's.
 */
import { leavesBracketOpen } from "../../Text/Tokens.js"
import { ownerAtItsAddress, ownerUnderBrand } from "./BrandOwner.js"
import { endingAtLegalForm, legalNameOf, tradingCompany, wrappedAsPrinted } from "./CompanyNames.js"
import { itemHeaderRow } from "./LabelContext.js"
import { heightOf, type PageLayout, type PlacedWord, type Row } from "./Layout.js"
import { COMPANY_SUFFIX, endsWithLegalForm } from "./LegalForms.js"
import { REGISTER_COURT } from "./LegalLines.js"
import { BOTTOM_REGION, compact, isCompany, isPhrase, legalOwner, overlaps, TOP_REGION } from "./LegalOwner.js"
import {
  lineWords,
  looksLikeName,
  NAME_STARTS,
  type NameLine,
  namePart,
  segmentOver,
  withoutRegistration
} from "./NameLines.js"
import { addressLine, addressUnder } from "./RecipientBeside.js"
import { markedParts, recipientWords, returnLine } from "./Recipients.js"
import { type Found, rememberedPerFirstPage, type Section } from "./Section.js"

const WEBMAIL = new Set([
  "gmail",
  "googlemail",
  "yahoo",
  "hotmail",
  "outlook",
  "live",
  "icloud",
  "aol",
  "gmx",
  "web",
  "mail",
  "example",
  "proton",
  "protonmail",
  "yandex",
  "qq",
  "163"
])

/** The names in the page's web and e-mail addresses ("azure-interior" in www.azure-interior.com): the issuer's name often is one. */
const domainNames = (layout: PageLayout): Set<string> => {
  const out = new Set<string>()
  for (const row of layout.rows) {
    for (const w of row.words) {
      const m =
        /@([\w-]+)\.|www\.([\w-]+)\.|^(?:https?:\/\/)?([\w-]{4,})\.(?:com|net|org|de|fr|nl|be|es|it|pt|my|in|co|io|eu|ch|at|uk)\b/i
          .exec(w.text)
      const name = (m?.[1] ?? m?.[2] ?? m?.[3])?.toLowerCase().replace(/[^a-z0-9]/g, "")
      if (name !== undefined && name.length >= 4 && !WEBMAIL.has(name)) out.add(name)
    }
  }
  return out
}

const TLD = /^(?:com|net|org|de|fr|nl|be|es|it|pt|my|in|co|io|eu|ch|at|uk|shop|store)$/

/**
 * A marketplace's brand: the name in the document's own web address ("www.shopmart.example/support")
 * printed as a word of its text ("At Shopmart we try…", "Shopmart.example"), when the seller read at
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
      const text = second === undefined
        ? w.text.replace(/^\W+|\W+$/g, "")
        : w.text.slice(0, w.text.toLowerCase().indexOf(first) + first.length)
      return { value: text, words: [w], layout }
    }
  }
  return undefined
}

/** Words that end a company's name and never start one: a line starting with them continues the line above ("C0.": OCR's zero for the o of "Co."). */
const NAME_ENDS =
  /^(?:sdn\.?|bhd\.?|berhad|s\/b|enterprise|trading|ltd\.?|limited|inc\.?|llc|gmbh|pty\.?|plc|c[o0]\.|company|corporation|\(m\)|\(malaysia\))(?=\s|$)/i

/**
 * A name whose first line was cut ("ENTERPRISE (SETIA" above "ALAM) SDN BHD", "AIK HUAT HARDWARE"
 * above "ENTERPRISE …") starts on the rows above it in its column: while the line closes a
 * parenthesis it did not open, starts with a word that ends names, or follows a line ending in "&".
 */
const startedAbove = (layout: PageLayout, line: NameLine, candidates: ReadonlyArray<NameLine>): NameLine => {
  let words = line.words, row = line.row
  for (let k = 0; k < 3; k++) {
    const text = words.map((w) => w.text).join(" ")
    const unopened = (text.match(/[)\]}]/g) ?? []).length > (text.match(/[([{]/g) ?? []).length
    // A name set in wide letters may be cut into several phrases of its row ("HARBOUR   PRINT"): all of them above.
    const aboveParts = candidates.filter((c) =>
      c.row.index === row.index - 1 && overlaps(c.words, words[0]!.box[0], words[words.length - 1]!.box[2])
    )
    const aboveRow = aboveParts[0]?.row
    if (aboveRow === undefined || row.box[1] - aboveRow.box[3] > 1.5 * layout.unit) break
    const aboveWords = aboveParts.flatMap((c) => c.words).sort((a, b) => a.box[0] - b.box[0])
    const aboveText = aboveWords.map((w) => w.text).join(" ")
    if (!unopened && !NAME_ENDS.test(text) && !/[&(]$|\([^)]*$/.test(aboveText)) break
    words = [...aboveWords, ...words]
    row = aboveRow
  }
  return words === line.words ? line : { ...line, row, words }
}

/**
 * A note above the printed name (a name written or stamped on the receipt): a line in small
 * letters, or a few words of letters only, no company word, set apart from the name printed on the
 * next row and taller than its print.
 */
const isNote = (layout: PageLayout, line: NameLine, next: NameLine | undefined): boolean => {
  const text = line.words.map((w) => w.text).join(" ")
  if (!/\p{Lu}/u.test(text)) return true
  if (
    next === undefined || !/^[\p{L} .'-]+$/u.test(text) || line.words.length > 4 || COMPANY_SUFFIX.test(` ${text}`) ||
    line.words.some((w) => w.tokens.some((t) => NAME_STARTS.has(t)))
  ) return false
  return next.row.box[1] - line.row.box[3] > 2 * layout.unit && heightOf(line.words) >= 1.5 * heightOf(next.words)
}

/** A quotation a name opens and does not close on its line (`Pod "Lipą` wrapped before `Lipą"`). */
const leavesQuoteOpen = (text: string): boolean =>
  (text.match(/"/g) ?? []).length % 2 === 1 || (text.match(/[„“«]/g) ?? []).length > (text.match(/[”»]/g) ?? []).length

/** The words' width per character: their print's size where OCR's boxes leave out letters below the line ("Ltd"). */
const charWidthOf = (words: ReadonlyArray<PlacedWord>) =>
  words.reduce((sum, w) => sum + w.box[2] - w.box[0], 0) / Math.max(1, words.reduce((n, w) => n + w.text.length, 0))

/** Whether the row's words are printed as large as the name's. */
const asLargeAs = (words: ReadonlyArray<PlacedWord>, name: ReadonlyArray<PlacedWord>) =>
  heightOf(words) >= 0.9 * heightOf(name) || charWidthOf(words) >= 0.85 * charWidthOf(name)

/**
 * A name cut by the line end ("EXAMPLE HOME HARDWARE &", "ENTERPRISE (CONTOH", a quotation left open) continues on
 * the next row of its column, and so does a name wrapped before its legal form ("Harbour Espresso Pty" over "Ltd")
 * when that row is printed as large as the name.
 */
const continued = (layout: PageLayout, line: NameLine): NameLine => {
  const text = line.words.map((w) => w.text).join(" ")
  const cut = leavesBracketOpen(text) || leavesQuoteOpen(text) || /[&,+-]$/.test(text)
  // The row under the name's last row (a name started above is already two rows).
  const last = layout.rows.find((r) => r.index >= line.row.index && r.words.includes(line.words.at(-1)!)) ?? line.row
  const next = layout.rows[last.index + 1]
  if (next === undefined || next.box[1] - last.box[3] > 1.5 * layout.unit) return line
  const x1 = line.words[0]!.box[0], x2 = line.words[line.words.length - 1]!.box[2]
  const seg = segmentOver(layout, next, x1, x2)
  if (seg === undefined) return line
  // Words of a name only: a registration under the name ("Company No: 002643-A", "Company Reg. No.") is none.
  const under = seg.map((w) => w.text).join(" ")
  const wrapped = NAME_ENDS.test(under) && !/[\d:]|\b(?:no|nr|reg)\b/i.test(under) && asLargeAs(seg, line.words)
  return cut || wrapped ? { ...line, words: [...line.words, ...withoutRegistration(seg)] } : line
}

/** A marketplace's line naming the seller ("Verkauft von:", "Vendu par", "Sold by"). */
const SOLD_BY = /^(?:verkauft von|vendu par|venduto da|vendido por|verkocht door|sold by)\s*:?$/i

/**
 * The company a marketplace's invoice names as the seller at the top ("kaufhalle.de   Verkauft von:
 * Gartenwelt Vogt e.K."): only a name with its legal form (a salesperson is named so too: "Vendu par :
 * Sophie").
 */
const soldBy = (layout: PageLayout, row: Row, segment: ReadonlyArray<PlacedWord>): NameLine | undefined => {
  for (const n of [2, 3]) {
    if (!SOLD_BY.test(segment.slice(0, n).map((w) => w.text).join(" "))) continue
    const words = withoutRegistration(segment.slice(n))
    return words.length > 0 && endsWithLegalForm(words.map((w) => w.text).join(" "))
      ? { layout, row, words }
      : undefined
  }
  return undefined
}

/** A shop's till, branch or operator with its number ("Kasse 1", "Filiale 0427", "Till 3", "Caisse 02"): no name. */
const TILL_LINE =
  /\b(?:filiale|zweigstelle|succursale|sucursal|filiaal|kasse|caisse|till|tisch|beleg|bediener|bed)\.?\s*(?:nr\.?|no\.?|n°)?\s*\d/i

/** A line that names the company a brand belongs to, starting the row ("Owned by", "Dimiliki oleh"). */
const OWNED_BY = /^(?:owned by|dimiliki oleh)\s*:?$/i

/**
 * The company an "Owned by" line in the page's footer names ("Owned by  Kedai Roti Maju Sdn Bhd" under a
 * chain's brand on a receipt), after it on its row or on the row right under it, with its legal form. The
 * phrase elsewhere (a customer "managed by" an agent, a parent company, a car park "operated by" another)
 * names some other party.
 */
const ownedBy = (layout: PageLayout): NameLine | undefined => {
  for (const row of layout.rows) {
    if (row.box[1] < BOTTOM_REGION) continue
    for (let i = 1; i <= Math.min(3, row.words.length); i++) {
      if (!OWNED_BY.test(row.words.slice(0, i).map((w) => w.text).join(" "))) continue
      const next = layout.rows[row.index + 1]
      const [line, words] = i < row.words.length
        ? [row, row.words.slice(i)]
        : [next, next === undefined || next.box[1] - row.box[3] > layout.unit ? [] : next.words]
      const name = withoutRegistration(namePart(words))
      if (line !== undefined && name.length > 0 && endsWithLegalForm(name.map((w) => w.text).join(" "))) {
        return { layout, row: line, words: name }
      }
    }
  }
  return undefined
}

/** The rows an address under a name line takes, its name's row first; none without a street or a town. */
const addressBlock = (line: NameLine): ReadonlyArray<number> | undefined => {
  const { layout, row } = line
  const address = addressUnder(layout, row, line.words[0]!.box[0])
  if (address === undefined) {
    // The address on one line under the name, its parts set apart ("Inh. Thomas Kern · Bahnhofstraße 5 · 34117 Kassel").
    const next = layout.rows[row.index + 1]
    const parts = next === undefined || next.box[1] - row.box[3] > layout.unit ? [] : markedParts(next.words)
    return parts.length >= 2 && parts.some(addressLine) ? [row.index, next!.index] : undefined
  }
  const rows = line.layout.rows.filter((r) => r.index > line.row.index && r.words.some((w) => address.includes(w)))
  return [line.row.index, ...rows.map((r) => r.index)]
}

/** Whether `line` heads an address block of its own below `first`'s, which has an address of its own too. */
const headsBlockUnder = (first: NameLine, line: NameLine): boolean => {
  if (line === first || line.row.index <= first.row.index) return false
  const own = addressBlock(first)
  const other = own === undefined ? undefined : addressBlock(line)
  return own !== undefined && other !== undefined && line.row.index > own[own.length - 1]!
}

/**
 * The issuer's name without a label: the company an "Owned by" line names, else the letterhead's name
 * (letterheadLine).
 */
export const issuerLine = (section: Pick<Section, "layouts">): NameLine | undefined => issuerLineOnce(section)

const findIssuerLine = (layout: PageLayout): NameLine | undefined =>
  ownedBy(layout) ?? letterheadLine({ layouts: [layout] })

/**
 * The letterhead's name, from the first page's top and bottom lines (never a recipient's block): a name
 * whose letters are a web or e-mail domain of the page, else the name the company's legal line goes
 * with, else a company-like line near the top, else one followed by a registration number, else the
 * first name-like one. The issuer's address is read under it.
 */
export const letterheadLine = (section: Pick<Section, "layouts">): NameLine | undefined => letterheadLineOnce(section)

const findLetterheadLine = (layout: PageLayout): NameLine | undefined => {
  const recipients = recipientWords(layout)
  const top: Array<NameLine> = []
  const bottom: Array<NameLine> = []
  let sold: NameLine | undefined
  let items = false
  for (const row of layout.rows) {
    const region = row.box[1] <= TOP_REGION ? top : row.box[1] >= BOTTOM_REGION ? bottom : undefined
    // An item table's header is no name, and neither is a line of the table under it.
    if (region === top && (items || itemHeaderRow(layout, row))) {
      items = true
      continue
    }
    if (region === undefined) continue
    for (const segment of lineWords(layout, row)) {
      if (REGISTER_COURT.test(segment.map((w) => w.text).join(" "))) continue
      if (region === top) sold ??= soldBy(layout, row, segment)
      const name = namePart(segment)
      const words = endingAtLegalForm(layout, row, withoutRegistration(name))
      if (
        words.some((w) => recipients.has(w)) || !looksLikeName(layout, row, words) ||
        TILL_LINE.test(words.map((w) => w.text).join(" "))
      ) continue
      const next = layout.rows[row.index + 1]?.words.map((w) => w.text).join(" ").trim() ?? ""
      region.push({ layout, row, words, registered: words.length < name.length || REGISTRATION_LINE.test(next) })
    }
  }
  const domains = domainNames(layout)
  const byDomain = [...top, ...bottom].find((c) => {
    const key = compact(c.words)
    return [...domains].some((d) =>
      key === d || (d.length >= 5 && key.startsWith(d)) || (key.length >= 5 && d.startsWith(key))
    )
  })
  // A company heading an address block of its own under the first printed name's block is its recipient
  // (a sole trader's letterhead, "Jane Porter Design" over "4 Mill Lane, Leeds", then "Acme Widgets Ltd"
  // over "22 Canal Street, Manchester"): the first name, over its own address, is the sender's.
  // A line in small letters at the top ("tan woon yann"), or written large above the print, is someone's note.
  const notes = new Set(top.filter((c) => isNote(layout, c, top.find((n) => n.row.index === c.row.index + 1))))
  const first = top.find((c) => !notes.has(c))
  const withSuffix = top.slice(0, 8).find((c) => isCompany(c) && !(first !== undefined && headsBlockUnder(first, c)))
  const registered = top.slice(0, 3).find((c) => c.registered)
  const printed = first ?? top[0]
  // A footer's phrase before a register number ("Membre de l'Ordre des Experts-Comptables - SIRET …") is
  // no name: the letterhead's name is the issuer's.
  const legal = legalOwner(layout, [...top, ...bottom], recipients)
  const owner = legal !== undefined && legal.row.box[1] > TOP_REGION && printed !== undefined && isPhrase(legal)
    ? undefined
    : legal
  // The sender's line over the recipient's address names the sender ("Kreativbüro Sandberg · Lindenstr. 22 ·
  // 04109 Leipzig").
  const sender = returnLine(layout)
  const returned = sender === undefined
    ? undefined
    : top.find((c) => compact(c.words) === compact(sender.words)) ?? sender
  // A letterhead printed as a picture leaves its company's name to the footer.
  const chosen = sold ?? byDomain ?? owner ?? returned ?? withSuffix ?? registered ?? printed ?? bottom.find(isCompany)
  if (chosen === undefined) return undefined
  // A brand's owner, named under it in its block, is the issuer.
  const pick = (chosen === byDomain || chosen === printed ? ownerUnderBrand(layout, chosen, top) : undefined) ?? chosen
  // A brand's company, named with its legal form elsewhere on the page ("Quellenhof" over "Brauhaus
  // Quellenhof Getränke GmbH" in the footer), or by a legal line at the letterhead's address, is named so.
  const company = legalNameOf(pick, [...top, ...bottom]) ??
    (chosen === byDomain || chosen === printed ? ownerAtItsAddress(pick, legal) : undefined)
  return tradingCompany(
    company ??
      wrappedAsPrinted(layout, continued(layout, startedAbove(layout, pick, top.filter((c) => !notes.has(c)))))
  )
}

/**
 * A name whose start was lost (a line above it OCR could not read, the paper's edge): nothing left but its
 * legal form ("CO. LTD"), or a first word of one small letter, the end of a cut word ("r Harbour
 * Supplies Ltd"). Whatever it is read as, it is not the name, though its line still heads the letterhead.
 */
export const isCut = (words: ReadonlyArray<PlacedWord>): boolean =>
  words.every((w) => NAME_ENDS.test(w.text)) || /^\p{Ll}$/u.test(words[0]?.text ?? "")

/** A company registration line: "(789417-W)", "JM0325958-V", "(7420164)", "(CO. REG 860671-D)", OCR's "78941 7-W"; not a postcode and town ("53300 KL"). */
export const REGISTRATION_LINE =
  /^[({[]\s*[A-Z]{0,3}\d[\d\s]{3,}\s*-?\s*[A-Z]{0,2}\s*[)}\]]$|^[A-Z]{0,3}\d[\d\s]{3,}\s*-\s*[A-Z]{1,2}$|^[A-Z]{0,3}\d{6,}\s*[A-Z]{1,2}$|^[({[][^)}\]]*\d{5,}\s*-\s*[A-Z]{1,2}\s*[)}\]]$|^[({[]?\s*(?:co\.?\s*reg|company\s*no|roc)\b/i

const issuerLineOnce = rememberedPerFirstPage(findIssuerLine)
const letterheadLineOnce = rememberedPerFirstPage(findLetterheadLine)
