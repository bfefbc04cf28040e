/**
 * Per-document-type vocabulary for classification: the titles a document of the type carries and
 * the words and labels that are typical of it, in the supported languages.
 */
import { LRUCache } from "lru-cache"
import { fieldNameWords, tokensOf } from "./Tokens.js"
import { conceptPhrases } from "./Vocabulary.js"

export interface WeightedPhrase {
  readonly tokens: ReadonlyArray<string>
  readonly weight: number
}

export interface DocumentTypeProfile {
  /** The known type the name resolved to, or undefined for a type we have no vocabulary for. */
  readonly key: string | undefined
  /** Titles printed at the top of such a document ("Invoice", "Rechnung"). */
  readonly titles: ReadonlyArray<ReadonlyArray<string>>
  /** Words and labels typical of the type, each with how much it says. */
  readonly keywords: ReadonlyArray<WeightedPhrase>
  /** Shapes in the page text typical of the type (a receipt's time of sale). */
  readonly patterns: ReadonlyArray<readonly [RegExp, number]>
  /** Documents of the type fit on one page (receipts): a new letterhead is a new document. */
  readonly singlePage: boolean
}

interface TypeEntry {
  readonly key: string
  /** Names of the type a template's document_type may use. */
  readonly aliases: string
  readonly titles: string
  /** "weight:phrase|phrase;weight:phrase" groups. */
  readonly keywords: string
  /** Concepts typical of the type, with weights. */
  readonly concepts: ReadonlyArray<readonly [string, number]>
  readonly patterns?: ReadonlyArray<readonly [RegExp, number]>
  readonly singlePage?: boolean
}

const TYPES: ReadonlyArray<TypeEntry> = [
  {
    key: "credit_note",
    aliases:
      "credit note|credit memo|creditnote|avoir|gutschrift|creditnota|nota de credito|nota di credito|nota kredit",
    titles:
      "credit note|credit memo|avoir|note de crédit|facture d'avoir|gutschrift|rechnungskorrektur|creditnota|creditfactuur|nota de crédito|factura rectificativa|nota di credito|nota kredit",
    keywords:
      "2:credit note|credit memo|avoir|gutschrift|creditnota|nota de crédito|nota di credito|nota kredit;1:original invoice|credited|refund|credit",
    concepts: [["invoice_number", 0.5], ["customer", 0.5]]
  },
  {
    key: "utility_bill",
    aliases: "utility|utility bill|electricity bill|gas bill|water bill|energy bill|phone bill|bil elektrik",
    titles:
      "utility bill|electricity bill|gas bill|water bill|energy bill|facture d'électricité|stromrechnung|energierechnung|jaarafrekening|factura de luz|bolletta|conta de luz|bil elektrik|bil air",
    keywords:
      "1.5:meter reading|kwh|previous reading|current reading|zählerstand|meterstand|bacaan meter;1.2:meter|consumption|electricity|tariff|billing period|compteur|consommation|électricité|verbrauch|verbruik|lectura|consumo|lettura|leitura;0.8:usage|gas|water|supply|strom|penggunaan",
    concepts: [["account_number", 0.8], ["due_date", 0.6]]
  },
  {
    key: "invoice",
    aliases: "invoice|invoices|facture|rechnung|factuur|factura|fattura|fatura|faktura|invois|bill",
    titles:
      "invoice|invoices|tax invoice|commercial invoice|pro forma invoice|proforma invoice|facture|rechnung|factuur|factura|fattura|fatura|faktura|invois|note d'honoraires|compte d'honoraires|honorarnote|honorarrechnung|fee note|nota de honorarios|minuta de honorarios|notula",
    keywords:
      "1:invoice|facture|rechnung|factuur|factura|fattura|fatura|faktura|invois|honoraires|honorar|honorarnote|honorarrechnung|honorarios|onorari|fee note;1.2:bill to|billed to|amount due|balance due|payment terms|unit price|total ht|total ttc|montant ht|net à payer|zahlungsbedingungen|betalingsvoorwaarden;0.6:vat|tva|mwst|ust|btw|iva|bic|swift|subtotal|quantity|description|customer|client|kunde|klant;0.3:bank|reference|order",
    concepts: [
      ["invoice_number", 1],
      ["invoice_date", 1.2],
      ["due_date", 1.2],
      ["iban", 0.8],
      ["vat_id", 0.5],
      ["customer_number", 0.6],
      ["customer", 0.6],
      ["payment_terms", 1]
    ]
  },
  {
    key: "receipt",
    aliases:
      "receipt|receipts|till receipt|sales receipt|ticket|recu|quittung|kassenbon|kassabon|recibo|ricevuta|scontrino|resit",
    titles:
      "receipt|cash receipt|sales receipt|official receipt|tax invoice|simplified tax invoice|reçu|ticket de caisse|quittung|kassenbon|kassenbeleg|kassabon|recibo|ricevuta|scontrino|ricevuta fiscale|talão|resit|cash bill|cash sale",
    keywords:
      "1.5:receipt|thank you|come again|cashier|tendered|change due|caisse|caissier|kassierer|kassa|kasse|kassenbon|kassenbeleg|kundenbeleg|rückgeld|caja|cajero|cassa|cassiere|terima kasih;1.2:rounding|gst summary|item count|total qty|goods sold|not returnable|refund|exchange|thank you for your patronage|umtausch|girocard|ec karte|espèces|efectivo|contanti|wisselgeld;0.8:cash|change|member|terminal|counter|pax|server|operator|txn|pos|visa|table;0.4:qty|items|card",
    concepts: [["tender", 1], ["change", 1], ["rounding", 1], ["receipt_number", 1]],
    singlePage: true,
    patterns: [[/\b[0-2]?\d:[0-5]\d(?::[0-5]\d)?\s*(?:[ap]\.?m\.?)?(?!\d)/i, 1]]
  },
  {
    key: "bank_statement",
    aliases:
      "bank statement|statement|account statement|statement of account|kontoauszug|releve|rekeningafschrift|extracto|estratto conto|extrato|penyata",
    titles:
      "bank statement|statement of account|account statement|statement|relevé de compte|relevé bancaire|extrait de compte|kontoauszug|rekeningafschrift|dagafschrift|extracto bancario|extracto de cuenta|estratto conto|extrato bancário|extrato de conta|penyata akaun|penyata bank",
    keywords:
      "1.2:transactions|withdrawal|withdrawals|deposit|deposits|available balance|sort code|afschrijving|bijschrijving|retiro|depósito|prelievo|versamento|levantamento|pengeluaran;0.8:debit|credit|balance|bank|solde|saldo|soll|haben",
    concepts: [["opening_balance", 1.5], ["closing_balance", 1.5], ["account_number", 1], ["statement_period", 1.2], [
      "iban",
      0.6
    ]]
  },
  {
    key: "purchase_order",
    aliases:
      "purchase order|po|order|bon de commande|bestellung|inkooporder|orden de compra|ordine|ordem de compra|pesanan",
    titles:
      "purchase order|order|bon de commande|commande|bestellung|auftrag|inkooporder|bestelling|orden de compra|pedido|pedido de compra|ordine d'acquisto|ordine di acquisto|ordine|ordem de compra|nota de encomenda|encomenda|pesanan belian|pesanan",
    keywords:
      "2:purchase order|bon de commande|inkooporder|orden de compra|pedido de compra|ordine di acquisto|ordine d'acquisto|ordem de compra|nota de encomenda|pesanan belian;1:ship to|deliver to|requested by|approved by|authorised by|authorized by|vendor|supplier|fournisseur|lieferant|leverancier|proveedor|fornitore|fornecedor|pembekal|lieferanschrift|adresse de livraison|afleveradres|dirección de entrega|indirizzo di consegna|morada de entrega|alamat penghantaran;0.5:buyer|terms",
    concepts: [["order_number", 1.2], ["order_date", 1], ["delivery_date", 1]]
  },
  {
    key: "payslip",
    aliases:
      "payslip|pay slip|salary slip|paystub|pay stub|earnings statement|bulletin de paie|fiche de paie|gehaltsabrechnung|lohnabrechnung|loonstrook|nomina|busta paga|holerite|slip gaji",
    titles:
      "payslip|pay slip|salary slip|pay stub|earnings statement|bulletin de paie|bulletin de salaire|fiche de paie|gehaltsabrechnung|lohnabrechnung|entgeltabrechnung|loonstrook|salarisstrook|nómina|recibo de salario|busta paga|cedolino|recibo de vencimento|holerite|slip gaji|penyata gaji",
    keywords:
      "1.5:gross pay|net pay|deductions|basic salary|pay period|year to date|ytd|gaji pokok|kwsp|epf|socso|perkeso;1:earnings|salary|employee|employer|pay date|income tax|social security|overtime|brut|salaire|brutto|lohnsteuer|sozialversicherung|bruto|loonheffing|salario|retenciones|stipendio|retribuzione|salário|gaji;0.5:pension|hours|netto",
    concepts: []
  },
  {
    key: "contract",
    aliases: "contract|agreement|contrat|vertrag|overeenkomst|contrato|contratto|perjanjian|kontrak",
    titles:
      "contract|agreement|contrat|convention|vertrag|vereinbarung|overeenkomst|contrato|acuerdo|contratto|accordo|acordo|perjanjian|kontrak",
    keywords:
      "1.2:agreement|contract|parties|whereas|governing law|termination|entre les soussignés|vertragsparteien|partijen|las partes|le parti|as partes|pihak;1:hereby|effective date|witness|clause|obligations;0.6:signature|signed|party|terms and conditions",
    concepts: []
  },
  {
    key: "letter",
    aliases: "letter|correspondence|lettre|brief|carta|lettera|surat",
    titles: "letter|lettre|brief|carta|lettera|surat",
    keywords:
      "1.5:dear|sincerely|yours faithfully|yours sincerely|veuillez agréer|sehr geehrte|mit freundlichen grüßen|geachte|met vriendelijke groet|cordiali saluti|distinti saluti|atenciosamente;1.2:kind regards|best regards|cordialement|estimado|atentamente|prezado|yang benar|dengan hormat;0.6:regards|subject|madame|monsieur|gentile|tuan|puan",
    concepts: []
  },
  {
    key: "delivery_note",
    aliases:
      "delivery note|packing slip|packing list|delivery order|dispatch note|bon de livraison|lieferschein|pakbon|albaran|bolla|ddt|guia de remessa|nota penghantaran",
    titles:
      "delivery note|packing slip|packing list|delivery order|dispatch note|goods received note|bon de livraison|bordereau de livraison|lieferschein|pakbon|afleverbon|albarán|nota de entrega|bolla di consegna|documento di trasporto|guia de remessa|nota penghantaran",
    keywords:
      "1.2:received by|carrier|tracking|packages|livraison|lieferung|levering|entrega|consegna|penghantaran;1:delivered|delivery|shipped|ship to;0.5:weight|quantity|signature",
    concepts: [["delivery_date", 1], ["order_number", 0.6]]
  },
  {
    key: "tax_form",
    aliases: "tax form|tax return|w2|w 2|1099|1040|declaration|steuererklarung|aangifte|borang",
    titles:
      "tax return|tax form|income tax return|déclaration de revenus|steuererklärung|aangifte|declaración de la renta|dichiarazione dei redditi|declaração de irs|borang",
    keywords:
      "1.5:taxpayer|tax year|irs|w 2|1099|1040|adjusted gross income|filing status|impôt sur le revenu|revenu fiscal|finanzamt|belastingdienst|agenzia delle entrate|lhdn|cukai pendapatan;1:social security number|ssn|withholding|steuer id|hacienda;0.6:form|deductions|refund",
    concepts: []
  }
]

const phrases = (text: string) => text.split("|").map((p) => tokensOf(p)).filter((t) => t.length > 0)

const aliasMatch = (typeWords: ReadonlyArray<string>, alias: ReadonlyArray<string>): boolean => {
  for (let i = 0; i + alias.length <= typeWords.length; i++) {
    if (alias.every((t, k) => typeWords[i + k] === t)) return true
  }
  return false
}

/** Profiles already made: every section of every request asks again for its template's type. */
const typeProfiles = new LRUCache<string, DocumentTypeProfile>({
  max: 1024,
  memoMethod: (documentType) => makeDocumentTypeProfile(documentType)
})

/** The classification vocabulary for a template's document_type; unknown types fall back to their own name. */
export const documentTypeProfile = (documentType: string): DocumentTypeProfile => typeProfiles.memo(documentType)

const makeDocumentTypeProfile = (documentType: string): DocumentTypeProfile => {
  const typeWords = tokensOf(fieldNameWords(documentType).join(" "))
  let entry: TypeEntry | undefined
  let bestLength = 0
  for (const t of TYPES) {
    for (const alias of phrases(t.aliases)) {
      if (alias.length > bestLength && aliasMatch(typeWords, alias)) {
        entry = t
        bestLength = alias.length
      }
    }
  }
  const own = typeWords.length > 0 ? [typeWords] : []
  if (entry === undefined) {
    return {
      key: undefined,
      titles: own,
      keywords: own.map((tokens) => ({ tokens, weight: 2 })),
      patterns: [],
      singlePage: false
    }
  }
  const keywords: Array<WeightedPhrase> = []
  for (const group of entry.keywords.split(";")) {
    const [w, list] = group.split(":") as [string, string]
    for (const tokens of phrases(list)) keywords.push({ tokens, weight: Number(w) })
  }
  for (const [id, weight] of entry.concepts) {
    for (const p of conceptPhrases(id)) if (p.strength === 1) keywords.push({ tokens: p.tokens, weight })
  }
  const strongest = new Map<string, WeightedPhrase>()
  for (const k of keywords) {
    const key = k.tokens.join(" ")
    if ((strongest.get(key)?.weight ?? 0) < k.weight) strongest.set(key, k)
  }
  return {
    key: entry.key,
    titles: [...phrases(entry.titles), ...own],
    keywords: [...strongest.values()],
    patterns: entry.patterns ?? [],
    singlePage: entry.singlePage === true
  }
}
