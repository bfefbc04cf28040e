/**
 * The Claude engine's confidence in a value also weighs what the offline engine reads in the same
 * place: two readers that agree are surer than either, and a grounded value the offline engine reads
 * differently, and surely, is less sure. Line items are left as grounded (their order need not match).
 */
import { type ExtractedObject, type ExtractedValue, type Grounded, isGrounded } from "../../Domain/Extraction.js"
import { misreadDistance } from "../../Text/Misreads.js"

/** Agreement halves the doubt that is left; a sure disagreement takes this share off. */
const AGREE_DOUBT = 0.5
const DISAGREE = 0.85
/** The offline reading counts against the model's only when it is this sure itself. */
const SURE = 0.9

/** A value's text as compared: spacing and case aside. */
const textOf = (g: Grounded) => String(g.value).replace(/\s+/g, " ").trim().toLowerCase()

const same = (a: Grounded, b: Grounded) =>
  typeof a.value === "number" && typeof b.value === "number"
    ? Math.abs(a.value - b.value) < 0.005
    : textOf(a) === textOf(b)

/**
 * Names a few misread characters apart ("Jörg Hübner", OCR's "Jörg Hiibner") are one reading, not two;
 * a value with digits (a number, a date, an identifier) is another value when one character differs.
 */
const NEAR_CHARACTERS = 2

const nearly = (a: Grounded, b: Grounded) => {
  if (typeof a.value !== "string" || typeof b.value !== "string" || /\d/.test(a.value + b.value)) return false
  const x = textOf(a), y = textOf(b)
  return Math.min(x.length, y.length) > 2 * NEAR_CHARACTERS && misreadDistance(x, y, NEAR_CHARACTERS) <= NEAR_CHARACTERS
}

const leaf = (model: Grounded, local: ExtractedValue | undefined): Grounded => {
  if (local === undefined || local === null || !isGrounded(local)) return model
  if (same(model, local)) return { ...model, confidence: 1 - (1 - model.confidence) * AGREE_DOUBT }
  // The offline reading of the same words with a misread character neither confirms the model's nor speaks against it.
  if (nearly(model, local)) return model
  return local.confidence >= SURE ? { ...model, confidence: model.confidence * DISAGREE } : model
}

const value = (model: ExtractedValue, local: ExtractedValue | undefined): ExtractedValue => {
  if (model === null || Array.isArray(model)) return model
  if (isGrounded(model)) return leaf(model, local)
  const other = local !== null && local !== undefined && !Array.isArray(local) && !isGrounded(local)
    ? (local as ExtractedObject)
    : undefined
  return Object.fromEntries(Object.entries(model as ExtractedObject).map(([k, v]) => [k, value(v, other?.[k])]))
}

/** The model's grounded values with their confidence weighed against the offline engine's reading. */
export const withAgreement = (model: ExtractedObject, local: ExtractedObject): ExtractedObject =>
  value(model, local) as ExtractedObject
