/**
 * The issuer's address without labels: the address-like lines under the letterhead's name (a sender
 * line's parts after it), up to a blank line, a country, or a line that is no address's (a phone, a
 * registration, a shop's till, an item with its price).
 */
import { COUNTRY, isStreetLine, unitLine } from "./AddressLines.js"
import { lexiconHits } from "./Labels.js"
import { type PageLayout, type PlacedWord, type Row, widthOverHeight } from "./Layout.js"
import { isLegalLine, LEGAL } from "./LegalLines.js"
import { BANK_LINE } from "./LegalOwner.js"
import { letterheadLine, REGISTRATION_LINE } from "./Letterhead.js"
import { lineWords, type NameLine, segmentHolding, TITLE_WORDS } from "./NameLines.js"
import { readValue } from "./Readers.js"
import { addressedWords } from "./Recipients.js"
import { type Found, rememberedPerSection, type Section } from "./Section.js"
import { postcodeAndTown } from "./Towns.js"

/** A street word, a building's or a postcode: what an address line has. */
const ADDRESS_WORD =
  /\p{L}(?:straße|strasse|stra\p{L}{1,2}e|straat|weg|laan|gasse|allee|plein|platz|gracht|kade|singel)(?!\p{L})|\b(?:jalan|jln|jl|lorong|taman|tmn|lot|no|street|st|road|rd|avenue|ave|lane|floor|flr|level|block|blok|building|bangunan|suite|unit|rue|boulevard|bd|strasse|straße|str|weg|platz|laan|straat|plein|calle|avenida|via|piazza|rua|box|p\.?o)\b|\b\d{4,6}\b/iu
/**
 * A house number before a street's name ending in an English street word ("17 Market Place", "4 Abbey
 * Close"): under a letterhead's name, the first line of its address (elsewhere it may be a shop's name).
 */
const NUMBERED_STREET =
  /^\d{1,5}[a-z]?,?\s+(?:[\p{L}'’.-]+\s+){1,3}(?:lane|place|square|drive|close|court|way|crescent|terrace|grove|gardens|row|walk|parade|mews|circle|plaza|pl|sq|ct|cres|tce)\.?,?$/iu
/** Contact, tax and document words: what no address line has. */
const NOT_ADDRESS =
  /@|www\.|https?:|\bh\/p\b|\b(?:tel|telephone|phone|fax|hp|gst|sst|vat|tin|reg|invoice|receipt|date|cashier)\b/i
/** A web site's host name written without "www." ("bluestonecoffee.com", "shop.example.co.uk"), in small letters. */
const HOST = /(?:^|\s)[a-z][a-z0-9-]{2,}(?:\.[a-z0-9-]{2,})*\.[a-z]{2,}(?=$|[\s/])/
/** A shop's branch, till, table or sale on its own line ("Filiale 0427", "Kasse 2", "Guest 2 Server Kim"): no line of its address. */
const SHOP_LINE =
  /\b(?:filiale|zweigstelle|succursale|sucursal|filiaal|kasse|caisse|till|terminal|tisch|table|server|guest|covers|commande|vente|beleg|ticket|transaction)\b/i
/** A phone or fax number, or a long number (a tax or registration id): never part of an address. */
const PHONE_OR_ID = /\b0\d{1,2}\s*[-~]\s*\d{3,4}\s*\d{3,5}\b|\d{7,}/
/** An identifier's short label at the line start ("BR No. 0196…"), unlike a house number ("No. 53", "Lot No. 5"). */
const ID_LABEL_LINE = /^(?!(?:lot|no|jln|jl)\b)[A-Z]{1,3}\.?\s*No\b/i
/**
 * A registration number glued before the address on its line ("{867388-LJ) 12, Jalan …"), in one or two
 * words and with its closing bracket lost in OCR now and then ("(001451 637L NO. 53, …").
 */
const LEADING_REGISTRATION = /^[({[<]\d{5,}[-.:]?[A-Z]{0,2}[)}\]>]?$/i

/** The words without a registration number before them (one or two words of it, never all of them). */
const withoutLeadingRegistration = (words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  for (const n of [2, 1]) {
    if (words.length > n && LEADING_REGISTRATION.test(words.slice(0, n).map((w) => w.text).join(""))) {
      return words.slice(n)
    }
  }
  return words
}

/** A gap between rows wider than the address's own line spacing by this many units is a blank line. */
const BLANK_LINE = 0.6

/** Opening hours ("7am - 10pm", "7-19 Uhr", "9h-18h"): no line of an address. */
const OPENING_HOURS = /\d\s?(?:am|pm|uhr|h)\b|\b(?:open|geöffnet|ouvert)\b/i

/** A unit's floor and number in a building, alone on its line ("#01-34", "#B1-27"): an address's line. */
const UNIT_NUMBER = /^#\s?[A-Z]?\d{1,3}-\d{1,4}[A-Z]?,?$/i

/** Why a line under the issuer is not part of its address. */
const notAddress = (layout: PageLayout, row: Row, words: ReadonlyArray<PlacedWord>): boolean => {
  const text = words.map((w) => w.text).join(" ")
  if (
    NOT_ADDRESS.test(text) || HOST.test(text) || SHOP_LINE.test(text) || isLegalLine(text) || BANK_LINE.test(text) ||
    PHONE_OR_ID.test(text) ||
    ID_LABEL_LINE.test(text) ||
    (!/\p{L}/u.test(text) && !UNIT_NUMBER.test(text)) ||
    readValue("date", words) !== undefined
  ) return true
  // A title, alone or with its number ("Bon CS5956"), ends the address.
  const tokens = words.flatMap((w) => w.tokens).filter((t) => !/\d/.test(t))
  // "No 43-45" alone is a house number, not a title.
  if (tokens.some((t) => t !== "no") && tokens.every((t) => TITLE_WORDS.has(t))) return true
  const first = lexiconHits(layout, row).find((h) => words.includes(row.words[h.first]!))
  return first !== undefined && first.labelLike && words[0] === row.words[first.first] && !unitLine(text)
}

/** The address block under the issuer's name: the next address-like lines of its column (a registration or date line may come first). */
export const letterheadAddress = (section: Section): Found | undefined => letterheadAddressOnce(section)

const findLetterheadAddress = (section: Section): Found | undefined => {
  const issuer = letterheadLine(section)
  if (issuer === undefined) return undefined
  const { layout } = issuer
  // A sender line goes on with the issuer's address after its name ("Holzwerk Brenner GmbH · Sägeweg 4 · 79102 Freiburg").
  const sender = senderAddress(layout, issuer)
  if (sender !== undefined) return { value: addressValue(sender), words: sender, layout }
  const x1 = issuer.words[0]!.box[0], x2 = issuer.words[issuer.words.length - 1]!.box[2]
  const recipients = addressedWords(layout)
  const name = new Set(issuer.words)
  const picked: Array<PlacedWord> = []
  let last = issuer.row, skipped = 0, lines = 0, town = false
  let untold: Array<PlacedWord> = []
  // The widest gap between the address's lines so far (one blank line's less when it has one line).
  let spacing: number | undefined
  for (let r = issuer.row.index + 1; r < layout.rows.length && lines < 6; r++) {
    const row = layout.rows[r]!
    const gap = row.box[1] - last.box[3]
    // A blank line after the postcode and town ends the address: what follows is the sale's ("Server: Kim").
    if (gap > 2.5 * layout.unit || (town && gap > (spacing ?? BLANK_LINE * layout.unit) + BLANK_LINE * layout.unit)) {
      break
    }
    const after = picked.length > 0 && last.index === row.index - 1
    last = row
    // The row's phrases under the name ("53300 KL   Site 1066" is one line of the address), a registration number before them aside.
    const under = phrasesUnder(layout, row, x1, x2)
    const seg = withoutSpecks(withoutLeadingRegistration(under))
    // A row the name goes on over ("SDN BHD (123456-K)" under its first words) is the name's, not the address's.
    if (seg.length === 0 || seg.some((w) => name.has(w))) continue
    // The recipient's lines under a sender line are another party's address.
    if (seg.some((w) => recipients.has(w))) break
    const text = seg.map((w) => w.text).join(" ").replace(/[\s:;,.'‘’"|]+$/, "")
    const addressLike = ADDRESS_WORD.test(text) || isStreetLine(text) || NUMBERED_STREET.test(text)
    const registration = REGISTRATION_LINE.test(text.trim())
    if (picked.length === 0) {
      // A street word or postcode, or a house number before a comma ("109, SS21/1A,").
      const starts = (addressLike || /^\d{1,5}[A-Za-z]?\s*,/.test(text) || streetOverTown(layout, row, text, x1, x2)) &&
        !registration && !notAddress(layout, row, seg)
      if (!starts) {
        // A registration number under the name does not count: the address may follow a "formerly known as" block.
        if (!registration && ++skipped > 3) break
        // Lines starting with a number right under the name and each other, before the first line the
        // address's words name, are its first lines ("10 TAMPINES CENTRAL 1 / #B1-27 TAMPINES 1 / SINGAPORE 529536").
        const numbered = /^(?:\d{1,5}[A-Za-z]?\b|#)/.test(text) && !OPENING_HOURS.test(text) && !registration &&
          !notAddress(layout, row, seg)
        untold = numbered && (r === issuer.row.index + 1 || untold.length > 0) && gap <= BLANK_LINE * layout.unit
          ? [...untold, ...seg]
          : []
        continue
      }
      picked.push(...untold)
      untold = []
    } else if (notAddress(layout, row, seg) || registration) break
    // After its postcode and town, a row with a price is an item's ("Tandpasta   2,19"), not the address's.
    else if (town && !addressLike && PRICE.test(row.words.map((w) => w.text).join(" "))) break
    picked.push(...seg)
    lines++
    if (after) spacing = Math.max(spacing ?? 0, gap)
    town ||= postcodeAndTown(text)
    // A country ends the address: a line after it is the shop's mall or a branch ("Malaysia / SUNWAY PLAZA").
    if (COUNTRY.has(seg[seg.length - 1]!.tokens.at(-1) ?? "")) break
  }
  if (!picked.some((w) => /\d/.test(w.text))) return undefined
  return { value: addressValue(picked), words: picked, layout }
}

/** A separator between a sender line's parts. */
const SEPARATOR = /^[·•|–-]$/

/** The address a sender line gives after the issuer's name on its row, with its separators left out. */
const senderAddress = (layout: PageLayout, issuer: NameLine): ReadonlyArray<PlacedWord> | undefined => {
  const segment = segmentHolding(issuer)
  if (segment === undefined) return undefined
  const after = segment.slice(segment.indexOf(issuer.words[issuer.words.length - 1]!) + 1)
  if (after.length === 0 || !SEPARATOR.test(after[0]!.text)) return undefined
  // Its parts up to the first that is no address's (a register, a managing director, a bank, a phone).
  const words: Array<PlacedWord> = []
  let part: Array<PlacedWord> = []
  for (const w of [...after.slice(1), after[0]!]) {
    if (!SEPARATOR.test(w.text)) {
      part.push(w)
      continue
    }
    const text = part.map((x) => x.text).join(" ")
    if (part.length === 0 || LEGAL.test(text) || notAddress(layout, issuer.row, part)) break
    words.push(...part)
    part = []
  }
  return postcodeAndTown(words.map((w) => w.text).join(" ")) ? words : undefined
}

/** A street's name and house number ("Brink 5", "Am Anger 17a"). */
const NAME_AND_NUMBER = /^\p{L}[\p{L} .'’-]*\s\d{1,4}[a-zA-Z]?$/u

/** A street's name and house number over a postcode and town: the first line of an address. */
const streetOverTown = (layout: PageLayout, row: Row, text: string, x1: number, x2: number): boolean => {
  const next = layout.rows[row.index + 1]
  return NAME_AND_NUMBER.test(text) && next !== undefined &&
    postcodeAndTown(phrasesUnder(layout, next, x1, x2).map((w) => w.text).join(" "))
}

/** An amount with its cents. */
const PRICE = /\d[.,]\d{2}(?!\d)/

/** An address's text from its words, street words read as streets are written. */
export const addressValue = (words: ReadonlyArray<PlacedWord>): string =>
  words.map((w) => readStreetWord(w.text)).join(" ").replace(/\s+,/g, ",")

/** Phrases of a row this close (text heights, measured across the page as down it) continue each other. */
const PHRASE_GAP = 3

/**
 * The row's phrases under a name's extent, with the phrases right beside them: an address line is often
 * wider than the name above it ("B-12, Park Avenue , Jln 4 / 21C" under a centred "PIZZA PLACE").
 */
const phrasesUnder = (layout: PageLayout, row: Row, x1: number, x2: number): Array<PlacedWord> => {
  const phrases = lineWords(layout, row)
  const kept = phrases.map((ws) => ws[0]!.box[0] < x2 && ws[ws.length - 1]!.box[2] > x1)
  const xToY = widthOverHeight(layout.page)
  const beside = (a: ReadonlyArray<PlacedWord>, b: ReadonlyArray<PlacedWord>) =>
    (b[0]!.box[0] - a[a.length - 1]!.box[2]) * xToY < PHRASE_GAP * layout.unit
  for (let i = 1; i < phrases.length; i++) {
    if (kept[i - 1] && !kept[i] && beside(phrases[i - 1]!, phrases[i]!)) kept[i] = true
  }
  for (let i = phrases.length - 2; i >= 0; i--) {
    if (kept[i + 1] && !kept[i] && beside(phrases[i]!, phrases[i + 1]!)) kept[i] = true
  }
  return phrases.filter((_, i) => kept[i]).flat()
}

/**
 * Specks a scan leaves on an address line: marks alone at its ends ('-"'), and a lone small letter
 * among words with capitals ("JALAN TAMPOI a 55100", "10115 Berlin p").
 */
const withoutSpecks = (words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  const marks = (w: PlacedWord) => !/[\p{L}\p{N}]/u.test(w.text)
  let from = 0, to = words.length
  while (from < to && marks(words[from]!)) from++
  while (to > from && marks(words[to - 1]!)) to--
  const kept = words.slice(from, to)
  const capitals = kept.filter((w) => /\p{Lu}/u.test(w.text)).length
  return capitals >= 1 && kept.length >= 3 ? kept.filter((w) => !/^\p{Ll}$/u.test(w.text)) : kept
}

/** OCR reads the "ß" of a German street name as "R", "B" or "f" before its "e" ("HauptstraRe", "IndustriestraBe"). */
const readStreetWord = (text: string): string => text.replace(/(\p{Ll}stra)[RBf](e)(?=$|[\s,.])/u, "$1ß$2")

const letterheadAddressOnce = rememberedPerSection(findLetterheadAddress)
