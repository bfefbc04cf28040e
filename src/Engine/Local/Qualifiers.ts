/**
 * What the words right after a label say of its amount: the tax it includes or leaves out ("Total incl.
 * GST", "Total (excl. VAT)", "zzgl. MwSt"), the currency beside it ("Total RM"), and where such a
 * qualifier ends, so that its words are read neither as a value nor as a label of their own.
 */
import type { Row } from "./Layout.js"
/** The names of taxes ("GST", "HST", "CGST", "VAT", "TVA", "MwSt"), for a pattern's alternation. */
export const TAX_NAMES = "gst|sst|hst|pst|qst|cgst|sgst|igst|vat|tax|tva|mwst|ust|btw|iva"

/** Words saying what an amount leaves out or includes ("ex", "excl.", "HT", "TTC", "netto", "gross"). */
const IN_OR_OUT_WORDS =
  "ex|excl?|exclusive|excluding|[il1]nc[li1]?|inclusive|including|inkl|exkl|zzgl|ohne|hors|sans|ht|ttc|net|netto|brutto|gross"
const IN_OR_OUT = new RegExp(String.raw`^(?:${IN_OR_OUT_WORDS})\.?$`, "iu")

/** Words that only say what a column's amounts leave out or include ("ex GST", "(excl. VAT)", "HT", "netto"). */
const TAX_QUALIFIER = new RegExp(String.raw`^(?:${IN_OR_OUT_WORDS}|of|de|${TAX_NAMES}|taxes)\.?$`, "iu")

/**
 * Whether a longer label is the phrase followed by tax qualifiers only ("Total ex GST"); words before the
 * phrase make another label ("VAT Amount" is the tax's).
 */
export const onlyTaxQualifiers = (
  row: Row,
  h: { readonly first: number; readonly last: number },
  f: { readonly first: number; readonly last: number }
): boolean => {
  if (h.first !== f.first) return false
  let inOrOut = false
  for (let i = f.last + 1; i <= h.last; i++) {
    const text = row.words[i]!.text.replace(/[()]/g, "")
    if (!TAX_QUALIFIER.test(text)) return false
    inOrOut ||= IN_OR_OUT.test(text)
  }
  // A tax's name alone after the label names the tax's column ("Montant TVA"), not what the amount leaves out.
  return inOrOut
}

/** The word closing a qualifier: its bracket, a colon after it or not ("GST)", "GST):"). */
const CLOSES_QUALIFIER = /\)[:：]?$/

/**
 * The last word of a parenthesized phrase with letters right after word `at` ("Total Sales (Inclusive
 * of GST): 80.90", "Total (excl. VAT)"): a qualifier of the label, neither a label of its own nor a
 * value. `at` when no such phrase follows; an amount in parentheses ("(12.50)") is not a qualifier.
 */
export const qualifierEnd = (row: Row, at: number): number => {
  if (!row.words[at + 1]?.text.startsWith("(")) return taxQualifierEnd(row, at)
  for (let i = at + 1; i < row.words.length && i <= at + 6; i++) {
    if (CLOSES_QUALIFIER.test(row.words[i]!.text)) {
      return row.words.slice(at + 1, i + 1).some((w) => /\p{L}{2}/u.test(w.text)) ? i : at
    }
  }
  return at
}

/** Words saying a tax is in or out of the amount ("incl.", "inclusive of", "inkl.", "zzgl.", "hors"; "Inci" as OCR reads "Incl"). */
const INCLUDED_WORDS = String.raw`[il1]nc[li1]?|inclusive|including|includes|inkl|inklusive|avec|y\.?compris|with|w`
const INCLUSION = new RegExp(
  String.raw`^(?:${INCLUDED_WORDS}|excl?|exclusive|excluding|exkl|zzgl|ohne|hors|sans)\.?$`,
  "iu"
)
/** Whether a word says a tax is in or out of an amount ("incl.", "(inkl.", "excl", "ohne", "hors"). */
export const isInclusionWord = (text: string): boolean => INCLUSION.test(text.replace(/[()]/g, ""))
/** Words saying a tax is in the amount (not out of it). */
const INCLUDED = new RegExp(String.raw`^(?:${INCLUDED_WORDS})\.?$`, "iu")
const TAX_NAME = new RegExp(String.raw`^(?:${TAX_NAMES}|taxes|cukai)[.:]?$`, "iu")
/** Whether the words after word `at` are a qualifier saying the amount includes a tax ("(GST incl)", "inclusive of VAT"). */
export const inclusiveQualifier = (row: Row, at: number): boolean => {
  const end = qualifierEnd(row, at)
  return end > at && row.words.slice(at + 1, end + 1).some((w) => INCLUDED.test(w.text.replace(/[()]/g, "")))
}

/** A currency printed beside a label: before its qualifier ("Total RM Incl. of GST"), or before it ("RM CASH"). */
const CURRENCY_WORD = /^(?:rm|eur|€|usd|\$|gbp|£|chf|sgd)$/iu
export const isCurrencyWord = (text: string): boolean => CURRENCY_WORD.test(text)

/** The word between an inclusion word and the tax it names ("incl. of GST", "inclus de TVA"). */
const OF = /^(?:of|de|du|der|des)$/iu

/**
 * The tax word of an unparenthesized qualifier right after word `at` ("Total Inclusive GST: 64.00",
 * "Total RM Incl. of GST 22.37"), `at` when none follows: the tax word names what the amount includes,
 * it does not start a tax's label.
 */
const taxQualifierEnd = (row: Row, at: number): number => {
  let i = at + 1
  // The label may end on the inclusion word itself ("Total incl" matched in "Total Includes GST").
  if (!INCLUSION.test(row.words[at]?.text ?? "")) {
    if (CURRENCY_WORD.test(row.words[i]?.text ?? "")) i++
    if (!INCLUSION.test(row.words[i]?.text ?? "")) return at
    i++
  }
  if (OF.test(row.words[i]?.text ?? "")) i++
  return TAX_NAME.test(row.words[i]?.text ?? "") ? i : at
}

/**
 * Whether the word at `at` follows a word saying a tax is in or out of the amount ("... Adj Incl GST
 * 88.95", "zzgl. MwSt"): it names what the amount includes, it starts no label of its own.
 */
export const afterInclusion = (row: Row, at: number): boolean => {
  const before = row.words[at - 1]?.text ?? ""
  const twoBefore = row.words[at - 2]?.text ?? ""
  return INCLUSION.test(before) || (OF.test(before) && INCLUSION.test(twoBefore))
}

/**
 * Words saying an amount leaves the tax out ("netto", "HT", "excl."): a net sum's, not a total's. Not
 * "nett": a Malaysian or Singaporean "TOTAL (NETT)" is the amount paid.
 */
const NET_WORD = /^(?:netto|ht|h\.t\.|excl|exkl|exclusive|excluding|hors)\.?$/iu
/** Whether a word says the amount leaves the tax out ("netto", "(HT)", "excl."). */
export const isNetWord = (text: string): boolean => NET_WORD.test(text.replace(/[():]/g, ""))
