/**
 * The languages OCR reads: one tesseract model each (@tesseract.js-data/<code>, shipped as dependencies).
 * A page is read with the configured languages (OCR_LANGUAGES, English by default): the first one's model
 * reads every word, the next ones the words it doubts. The English model reads a German "Bäckerei" as
 * "Backerei"; adding German to every page mends that, but on English and Malay pages the other models
 * also read doubtful words into letters those pages have not got ("AFÜN" for "AEON"), and cost CPU on
 * each of them. So a page is read again with another language's model first only when the words of its
 * first reading show that language (`pageLanguage`: marker words only it uses), and only its letters with marks
 * are taken from that reading (Marks.ts).
 */
import { fold } from "../Text/Tokens.js"

/** The models shipped: English, German, French, Spanish, Italian, Dutch, Portuguese, Polish. */
export const OCR_LANGUAGES = ["eng", "deu", "fra", "spa", "ita", "nld", "por", "pol"] as const

export type OcrLanguage = (typeof OCR_LANGUAGES)[number]

/** The languages read when OCR_LANGUAGES is not set. */
export const DEFAULT_OCR_LANGUAGES: ReadonlyArray<OcrLanguage> = ["eng"]

export const isOcrLanguage = (code: string): code is OcrLanguage =>
  (OCR_LANGUAGES as ReadonlyArray<string>).includes(code)

/** "eng+deu+fra" or "eng, deu, fra" as a list of codes, in order. */
export const parseOcrLanguages = (text: string): Array<string> =>
  text.split(/[+,\s]+/).map((s) => s.trim().toLowerCase()).filter((s) => s.length > 0)

/**
 * Words that mark a page's language, as the English model reads them (letters without their marks): function
 * words and the words of invoices and receipts, none of them English, nor common to two of these languages.
 */
const MARKERS: Readonly<Record<Exclude<OcrLanguage, "eng">, string>> = {
  deu:
    "und der die das mit fur ihr ihre wir sie nicht vom bei rechnung rechnungsnummer rechnungsdatum summe gesamt gesamtbetrag mwst ust betrag kasse zuruck vielen dank menge preis einzelpreis steuer bitte lieferschein kunde kundennummer bankverbindung zahlbar strasse inkl zzgl zahlung uberweisung artikel bezeichnung anzahl rabatt skonto seite gegeben ruckgeld uhrzeit danke ihren ihrem zahlen besuch einkauf beleg zeit filiale karte gmbh enthaltene wiedersehen",
  fra:
    "les du et pour avec sur par vous nous votre facture montant tva ttc ht merci prix quantite rue sarl numero paiement reglement echeance livraison remise siret vente caisse especes rendu commande designation unitaire le au aux payer bientot carte bancaire eurl",
  spa:
    "el los las para factura importe gracias precio cantidad fecha calle pago imponible nif cif tarjeta efectivo cambio simplificada cuota",
  ita:
    "gli della delle fattura importo totale grazie prezzo quantita imponibile contante resto documento commerciale vendita scontrino complessivo",
  nld: "het een van voor factuur bedrag btw totaal bedankt klant prijs aantal straat betaling kassa korting wisselgeld",
  por: "os dos fatura obrigado preco quantidade rua contribuinte troco numerario",
  pol: "faktura paragon fiskalny suma ptu kwota razem gotowka reszta dziekujemy sprzedaz nip ul cena ilosc sklep"
}

/** Different marker words a page must hold, more than any other language's, to be taken for that language. */
const MIN_MARKERS = 3

/** A word as the English model would read it: small letters, marks dropped. */
const plain = (word: string) => fold(word).replace(/[^a-z]/g, "")

/**
 * The language other than English that a page's words show (three different marker words or more, and more
 * than any other language's); undefined for an English page or one too short to tell.
 */
export const pageLanguage = (words: ReadonlyArray<string>): OcrLanguage | undefined => {
  const seen = new Set(words.map(plain))
  const scores = OCR_LANGUAGES.flatMap((language) =>
    language === "eng" ? [] : [{ language, score: MARKERS[language].split(" ").filter((m) => seen.has(m)).length }]
  ).sort((a, b) => b.score - a.score)
  const [best, next] = scores
  return best !== undefined && best.score >= MIN_MARKERS && best.score > (next?.score ?? 0) ? best.language : undefined
}
