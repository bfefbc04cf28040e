/**
 * A company's legal form in its name ("… SDN BHD", "Acme GmbH", "SARL Bellanger", "Ltd"): what makes a
 * line a company's name wherever it stands.
 */

/** A company's legal form after a space, bracket or stop ("… SDN BHD", "Acme GmbH", "(Pty) Ltd"). */
export const COMPANY_SUFFIX =
  /(?:[\s(.,]|(?<=[a-zäöüß])-(?=(?:gmbh|ohg|kg|ug|gbr|kgaa)\b))(?:sdn\.?\s*bhd|sdn|bhd|berhad|s\/b|ltd|limited|llc|l\.l\.c|inc|corp|corporation|co\.|company|plc|gmbh|ag|kg|b\.?v|n\.?v|s\.?\s?à\.?\s?r\.?\s?l|sàrl|sarl-s|s\.?a\.?r\.?l|sarl|sas|s\.?a|s\.?l|s\.?p\.?a|spa|srl|lda|pty|pvt|enterprise|trading|group|oy|ab|as|eurl|sasu|ug|e\.k|v\.?o\.?f|s\.?n\.?c|s\.?l\.?u|s\.?r\.?l|ltda|llp|pllc|kft|aps|bvba|sprl|ohg|mbh|selarl|selas|sci|scop|scp|gbr|kgaa|e\.v|s\.?l\.?p|srls|sagl|e\.u|ges\.?m\.?b\.?h|mbb|partg|sp\.?\s?z\s?o\.?\s?o|sp\.?\s?j|s\.r\.o|a\/s)\.?(?=$|[\s),.])/i

/** French legal forms written before the name as often as after it ("SARL Bellanger Automobiles", "SAS Hôtelière du Port"). */
const LEADING_FORM = /^(?:SARL|SAS|SASU|EURL|SELARL|SELAS|SCI|SCP|SNC|ASBL|VZW)\s+(?!au\b|à\b)\p{Lu}/u

/** A French sole trader's status after the name, in capitals ("Camille Roussel EI"; "Ei" is a word elsewhere). */
const SOLE_TRADER = /\s(?:EI|EIRL)\.?$/u

/**
 * Legal forms that are words elsewhere, read only in capitals after the name: an Austrian partnership
 * ("Pichler & Söhne OG"; "og" is Danish "and", "1. OG" a first floor), a South African close corporation
 * ("… Forwarders CC"), a European company ("… SE").
 */
const CAPITALS_FORM = /(?<!\d\.?)\s(?:OG|CC|SE)\.?$/u

/** Legal forms that are words of plain speech too ("Fine Wine Trading", "Group Procurement", "Company Secretary"). */
const PLAIN_SPEECH_FORM = /^(?:trading|enterprise|group|company|corporation)\.?$/iu

/** Whether the word is a legal form that plain speech uses too, and so says little of a company's name. */
export const isPlainSpeechForm = (word: string): boolean => PLAIN_SPEECH_FORM.test(word)

/** Whether the name carries a company's legal form. */
export const hasLegalForm = (name: string): boolean =>
  COMPANY_SUFFIX.test(name) || LEADING_FORM.test(name) || SOLE_TRADER.test(name) || CAPITALS_FORM.test(name)

const LEGAL_FORMS = new RegExp(COMPANY_SUFFIX.source, "gi")
/** Whether the name ends with its legal form ("Weber IT-Service GmbH", not "ABC GmbH, HRB 98765"). */
export const endsWithLegalForm = (name: string): boolean => {
  const last = [...name.matchAll(LEGAL_FORMS)].at(-1)
  return (last !== undefined && /^[\s.,)]*$/.test(name.slice(last.index + last[0].length))) ||
    CAPITALS_FORM.test(name.replace(/[\s,)]+$/, ""))
}
