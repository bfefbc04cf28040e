/**
 * Reading one field's value out of a run of words (the area right of or below its label, or a
 * table cell), by what the field holds. Returns the value and exactly the words it came from.
 */
import { isValidBIC, isValidIBAN } from "ibantools"
import type { LeafField } from "../../Domain/FieldTree.js"
import { hasAlnum, tokensOf } from "../../Text/Tokens.js"
import { type DateOrder, findValueCandidates, isTimeOfDay, parseWholeDate } from "../../Text/Values.js"
import { conceptById, ID_CONCEPTS } from "../../Text/Vocabulary.js"
import type { PlacedWord } from "./Layout.js"

/** How a leaf is read: its template type, refined by what the field means for strings. */
export type ReadKind =
  | "date"
  | "amount"
  | "integer"
  | "percent"
  | "boolean"
  | "enum"
  | "currency"
  | "id"
  | "taxId"
  | "bic"
  | "email"
  | "iban"
  | "phone"
  | "text"
  | "dateText"
  | "amountText"

const AMOUNT_CONCEPTS = new Set([
  "total",
  "subtotal",
  "tax",
  "discount",
  "opening_balance",
  "closing_balance",
  "unit_price",
  "line_amount",
  "service_charge",
  "tender",
  "change",
  "rounding"
])
const COUNT_CONCEPTS = new Set(["quantity", "total_quantity", "item_count"])
/** Concepts of an amount that is also given as a rate ("discount_percent", "tax rate"). */
const RATED = new Set(["discount", "tax", "service_charge"])
const PERCENT = String.raw`percent|percentage|prozent|pourcentage|porcentaje|percentuale`
const PERCENT_WORDS = new RegExp(String.raw`\b(?:${PERCENT})\b|%`, "i")
const RATE_WORDS = new RegExp(String.raw`\b(?:${PERCENT}|pct|rate|prozentsatz|taux)\b|%`, "i")

/** Whether a field's name (or its description, saying "percent") asks for a rate rather than an amount. */
const asksForRate = (field: LeafField): boolean =>
  RATE_WORDS.test(field.name.replace(/[_-]/g, " ")) || PERCENT_WORDS.test(field.description ?? "")

const PARTY_CONCEPTS = new Set(["issuer", "customer", "shipping"])
/** Concepts whose values have a shape of their own: a field naming one of them with a party is about it. */
const SHAPED_CONCEPTS = new Set(["email", "iban", "phone", "fax", "vat_id"])

/**
 * The party and the kind of value a field names together ("customer_email", "seller_iban", "buyer_vat_number"):
 * the value is the e-mail, the IBAN, the phone or the tax number, never the party's name.
 */
export const partyShaped = (
  concepts: ReadonlyArray<string>
): { readonly party: string; readonly shaped: string } | undefined => {
  // "customer_vat_number" names the customer's number and a VAT number: the customer's VAT number.
  const party = concepts.find((c) => PARTY_CONCEPTS.has(c)) ??
    (concepts.includes("customer_number") ? "customer" : undefined)
  const shaped = concepts.find((c) => SHAPED_CONCEPTS.has(c))
  return party === undefined || shaped === undefined ? undefined : { party, shaped }
}
/** A concept of the date family (an invoice's date, a delivery's, a stay's first day, …): asked for as text, a date. */
const isDateConcept = (id: string): boolean => conceptById(id)?.family === "date"

export const readKindOf = (field: LeafField, concepts: ReadonlyArray<string>): ReadKind => {
  const primary = concepts[0]
  switch (field.type) {
    case "date":
      return "date"
    case "integer":
      return "integer"
    case "boolean":
      return "boolean"
    case "enum":
      return "enum"
    case "number":
      if (primary === "tax_rate" || (RATED.has(primary ?? "") && asksForRate(field))) return "percent"
      return primary === "item_count" ? "integer" : "amount"
    case "string": {
      if (primary === undefined) return "text"
      const named = partyShaped(concepts)
      if (named !== undefined && named.shaped !== primary) return readKindOf(field, [named.shaped])
      if (primary === "currency") return "currency"
      if (primary === "vat_id") return "taxId"
      if (primary === "bic") return "bic"
      if (ID_CONCEPTS.has(primary)) return "id"
      if (primary === "email") return "email"
      if (primary === "iban") return "iban"
      if (primary === "phone" || primary === "fax") return "phone"
      if (isDateConcept(primary)) return "dateText"
      // A count or a quantity asked for as text ("Number of line items") is a number as the page writes it.
      if (AMOUNT_CONCEPTS.has(primary) || COUNT_CONCEPTS.has(primary)) return "amountText"
      return "text"
    }
  }
}

export interface ReadValue {
  readonly value: string | number | boolean
  readonly words: ReadonlyArray<PlacedWord>
  /** Amounts: whether it had decimals; texts: how many words. Used for scoring. */
  readonly decimals?: boolean
}

export interface ReadOptions {
  readonly hint?: DateOrder
  readonly enumValues?: ReadonlyArray<string>
  /** Amounts: take the last amount of the area rather than the first (a totals row's last column). */
  readonly last?: boolean
  /** Texts: the largest gap (in units) allowed between words of one value. */
  readonly unit?: number
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/
const cleanText = (text: string) => text.replace(/^[\s:#\-–—.,;=]+|[\s:,;=]+$/g, "")

/** The words of the area up to the first wide gap (a column gap): one value's worth of text. */
const firstRun = (words: ReadonlyArray<PlacedWord>, unit: number | undefined): Array<PlacedWord> => {
  const out: Array<PlacedWord> = []
  for (const w of words) {
    const prev = out[out.length - 1]
    if (prev !== undefined && unit !== undefined && w.box[0] - prev.box[2] > 1.5 * unit) break
    out.push(w)
  }
  return out
}

/** "within 10 days", "innerhalb 10 Tagen", "sous 30 jours", "binnen 14 dagen", "entro 30 giorni", "dalam 7 hari". */
const WITHIN = /^(?:within|innerhalb|binnen|sous|dans|entro|dentro|en|dalam|in)$/i
const DAYS = /^(?:days?|tagen?|werktagen|jours?|dagen|días|dias|giorni|hari)\b/i

/**
 * A number with "%" written apart after it is a rate, not an amount ("TVA 20 % 26,00 €"); a term of
 * payment's days are none either ("2 % Skonto innerhalb 7 Tagen", "within 30 days").
 */
const rateOrDays = (words: ReadonlyArray<PlacedWord>, c: { readonly start: number; readonly end: number }) =>
  /^%/.test(words[c.end]?.text ?? "") ||
  (DAYS.test(words[c.end]?.text ?? "") && WITHIN.test(words[c.start - 1]?.text ?? ""))

const fromCandidates = (
  words: ReadonlyArray<PlacedWord>,
  kind: "date" | "amount" | "integer" | "boolean" | "currency",
  options: ReadOptions
): ReadValue | undefined => {
  const found = findValueCandidates(words, kind, options.hint).filter((c) => kind === "date" || !rateOrDays(words, c))
  // The last amount of a totals row, preferring one with decimals ("Total: 80.91 0 00" is OCR noise after the total).
  const money = found.filter((c) => c.decimals === true)
  const pick = options.last === true
    ? (kind === "amount" && money.length > 0 ? money[money.length - 1] : found[found.length - 1])
    : found[0]
  if (pick === undefined) return undefined
  return {
    value: pick.value,
    words: words.slice(pick.start, pick.end),
    ...(pick.decimals !== undefined ? { decimals: pick.decimals } : {})
  }
}

/** The enum value the words name: a value's tokens found in order among the words' tokens. */
export const matchEnum = (words: ReadonlyArray<PlacedWord>, values: ReadonlyArray<string>): ReadValue | undefined => {
  const stream = words.flatMap((w, i) => w.tokens.map((t) => ({ t, i })))
  let best: { value: string; at: number; from: number; to: number; len: number } | undefined
  for (const value of values) {
    const tokens = tokensOf(value)
    if (tokens.length === 0) continue
    for (let k = 0; k + tokens.length <= stream.length; k++) {
      if (tokens.every((t, j) => stream[k + j]!.t === t)) {
        const cand = { value, at: k, from: stream[k]!.i, to: stream[k + tokens.length - 1]!.i, len: tokens.length }
        if (best === undefined || cand.at < best.at || (cand.at === best.at && cand.len > best.len)) best = cand
        break
      }
    }
  }
  return best === undefined ? undefined : { value: best.value, words: words.slice(best.from, best.to + 1) }
}

/** Two capitals that label a number rather than start it ("PO A-778", "NO AB-12"). */
const LABEL_PREFIX = new Set(["PO", "NO", "NR", "ID"])

/** Reads a value of the given kind from the area's words (in reading order). */
export const readValue = (
  kind: ReadKind,
  words: ReadonlyArray<PlacedWord>,
  options: ReadOptions = {}
): ReadValue | undefined => {
  if (words.length === 0) return undefined
  switch (kind) {
    case "date":
    case "amount":
    case "integer":
    case "boolean":
    case "currency":
      return fromCandidates(words, kind, options)
    case "percent": {
      const i = words.findIndex((w) =>
        /\d\s*%$/.test(w.text) || (/\d$/.test(w.text) && words[words.indexOf(w) + 1]?.text === "%")
      )
      if (i < 0) return undefined
      const n = fromCandidates([{ ...words[i]!, text: words[i]!.text.replace(/\s*%$/, "") }], "amount", options)
      return n === undefined
        ? undefined
        : { value: n.value, words: words.slice(i, words[i + 1]?.text === "%" ? i + 2 : i + 1) }
    }
    case "enum":
      return matchEnum(words, options.enumValues ?? [])
    case "dateText":
    case "amountText": {
      const found = findValueCandidates(words, kind === "dateText" ? "date" : "amount", options.hint)
        .filter((c) => kind === "dateText" || !rateOrDays(words, c))
      const pick = found[0]
      return pick === undefined ? undefined : { value: pick.text, words: words.slice(pick.start, pick.end) }
    }
    case "id": {
      // An identifier is the first word (a lone "#" or "No." aside, "N0." as OCR may read it) and must hold a
      // digit and not be a date; a short letter prefix set apart belongs to it ("CS 67832", and a document
      // type's code before a series: "FT VE2024/91", "FV 236/06/2023").
      const i = words.findIndex((x) => hasAlnum(x.text) && !/^(?:n[°ºo0.]?|nr\.?|n[o0]\.?|#)[:.]?$/i.test(x.text))
      if (i < 0) return undefined
      // A code of letters after the prefix ("VE2024/91") follows a document type's two letters only: "COPY
      // INV-2031-7", "TAX INV-12" print a word before the number.
      const prefixed = /^[A-Z]{1,4}$/.test(words[i]!.text) && words[i + 1] !== undefined &&
        (/^\d/.test(words[i + 1]!.text) ||
          (/^[A-Z]{2}$/.test(words[i]!.text) && !LABEL_PREFIX.has(words[i]!.text) &&
            /^[A-Z]{1,4}[/.-]?\d/.test(words[i + 1]!.text))) &&
        // Set apart by a space of its own print, however large (a title's "FV 236/06/2031").
        words[i + 1]!.box[0] - words[i]!.box[2] < 1.5 * Math.max(options.unit ?? 0, words[i]!.box[3] - words[i]!.box[1])
      let used = prefixed ? words.slice(i, i + 2) : [words[i]!]
      // An IBAN or account number printed in groups ("DE36 5474 9025 …", "1234 5678 9012") is one identifier;
      // so is a tax number after its country ("FR 12 345 678 901", "GB 123 4567 89").
      const grouped = prefixed
        ? /^[A-Z]{2}$/.test(words[i]!.text) && /^\d{2,4}$/.test(words[i + 1]!.text)
        : /^(?:[A-Z]{2}\d{2}|\d{4})$/.test(words[i]!.text)
      if (grouped) {
        const from = prefixed ? i + 1 : i
        let end = from + 1
        while (
          end < words.length && end - from < 9 && /^[A-Z0-9]{1,4}$/.test(words[end]!.text) &&
          // An IBAN's bank code may be letters alone ("NL53 ABNA 0417 …", "GB95 WXYZ 2045 …").
          (/\d/.test(words[end]!.text) || (end === from + 1 && /^[A-Z]{2}\d{2}$/.test(words[from]!.text))) &&
          words[end]!.box[0] - words[end - 1]!.box[2] < 1.5 * (options.unit ?? 0)
        ) end++
        if (end - from >= 3) used = words.slice(i, end)
      }
      // An identifier OCR parted after a hyphen ("PRO- 24-031") goes on with the word right after it.
      const after = words[words.indexOf(used.at(-1)!) + 1]
      const parted = /-$/.test(used.at(-1)!.text) && after !== undefined && /^[\p{L}\p{N}]/u.test(after.text) &&
        after.box[0] - used.at(-1)!.box[2] < (options.unit ?? 0)
      const printed = used.map((w) => w.text).join(" ")
      const value = cleanText(parted ? `${printed}${after.text}` : printed)
      if (parted) used = [...used, after]
      if (!/\d/.test(value) || parseWholeDate(value, options.hint) !== undefined || isTimeOfDay(value)) return undefined
      return { value, words: used }
    }
    case "email": {
      const w = words.find((x) => EMAIL.test(x.text))
      return w === undefined ? undefined : { value: EMAIL.exec(w.text)![0], words: [w] }
    }
    case "taxId": {
      // A tax number has six digits at least (VAT ids, tax numbers, GST registrations; a street number or
      // a postcode has fewer), and an IBAN is no tax number.
      const r = readValue("id", words, options)
      const compact = r === undefined ? "" : String(r.value).replace(/[\s./-]/g, "")
      // An amount ("2.344,60" after "MwSt.") has as many digits: a tax number ends in no decimals.
      const amount = r !== undefined && /[.,]\d{2}$/.test(String(r.value))
      return r !== undefined && !amount && (compact.match(/\d/g)?.length ?? 0) >= 6 && !isValidIBAN(compact)
        ? r
        : undefined
    }
    case "bic": {
      // A bank's code is 8 or 11 letters and digits with the country at 5-6 ("DEUTDEFF", "GENODEF1M04").
      const w = words.find((x) => {
        const code = x.text.replace(/[.,;:]+$/, "")
        // ibantools ignores case: a bank's name ("Postbank") is no code.
        return /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(code) && isValidBIC(code)
      })
      return w === undefined ? undefined : { value: w.text.replace(/[.,;:]+$/, ""), words: [w] }
    }
    case "iban": {
      const start = words.findIndex((x) => /^[A-Z]{2}\d{2}/.test(x.text))
      if (start < 0) return undefined
      let text = "", end = start
      while (end < words.length && end - start < 9 && /^[A-Z0-9]+$/.test(words[end]!.text)) {
        const next = text + words[end]!.text
        if (next.length > 34) break
        text = next
        end++
      }
      // An IBAN's length is its country's and its check digits add up (an order number shaped like one does not).
      return isValidIBAN(text) ? { value: text, words: words.slice(start, end) } : undefined
    }
    case "phone": {
      const run: Array<PlacedWord> = []
      for (const w of words) {
        if (/^[+\d()./\-\s]+$/.test(w.text)) run.push(w)
        else if (run.length > 0) break
      }
      const digits = run.map((w) => w.text).join("").replace(/\D/g, "")
      return digits.length >= 6 ? { value: run.map((w) => w.text).join(" "), words: run } : undefined
    }
    case "text": {
      const start = words.findIndex((w) => hasAlnum(w.text))
      if (start < 0) return undefined
      const run = firstRun(words.slice(start), options.unit)
      const value = cleanText(run.map((w) => w.text).join(" "))
      return hasAlnum(value) ? { value, words: run } : undefined
    }
  }
}
