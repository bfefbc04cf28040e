/**
 * The built-in label vocabulary: common field concepts, the labels documents print for them in
 * English, French, German, Dutch, Spanish, Italian, Portuguese and Malay (an invoice's own labels also
 * in Swedish, Danish, Norwegian, Polish and Czech), and the mapping from a
 * template field (its name, its parents' names, its description) to the label phrases to look for.
 */
import { LRUCache } from "lru-cache"
import { fieldNameWords, tokensOf } from "./Tokens.js"

export interface Concept {
  readonly id: string
  /** Field-name phrases that mean this concept (every word of one phrase present in the name). */
  readonly triggers: ReadonlyArray<string>
  /** Labels documents print for it; "|"-separated, any language. */
  readonly labels: string
  /** Generic labels that also mean other things: looked for with less trust. */
  readonly weak?: string
  /** Concepts of one family exclude the generic member when a specific one is named (due_date vs date). */
  readonly family?: string
  readonly generic?: boolean
}

export const CONCEPTS: ReadonlyArray<Concept> = [
  {
    id: "invoice_number",
    triggers: [
      "invoice number",
      "invoice id",
      "invoice ref",
      "bill number",
      "rechnungsnummer",
      "factuurnummer",
      "numero factura",
      "numero fattura",
      "numero fatura",
      "numero facture",
      "no invois"
    ],
    labels:
      "invoice number|invoice no|inv no|proforma no|proforma nr|proforma number|pro forma no|proforma invoice no|proforma invoice number|pro forma invoice no|n° proforma|n° de proforma|facture proforma n°|proforma rechnung nr|proformarechnung nr|invoice id|invoice ref|credit note no|credit note number|avoir n°|n° d'avoir|n° avoir|gutschrift nr|gutschriftsnummer|gutschrift nummer|bill no|tax invoice no|numéro de facture|facture n°|n° de facture|n° facture|rechnungsnummer|rechnungsnr|rechnung nr|rechnungs nr|re nr|factuurnummer|factuurnr|factuur nr|número de factura|número factura|núm factura|num factura|factura n°|nº de factura|nº factura|n° factura|no factura|n factura|numero fattura|fattura n|n fattura|numero della fattura|número da fatura|fatura n°|nº da fatura|número de fatura|no invois|nombor invois|invois no|fakturanummer|fakturanr|faktura nr|numer faktury|číslo faktury|faktura číslo|note d'honoraires n°|n° de note d'honoraires|compte d'honoraires n°|honorarnote nr|honorarrechnung nr|fee note no|nota de honorarios n°|minuta n°",
    weak:
      "invoice|inv|facture|rechnung|factuur|factura|fattura|fatura|faktura|invois|réf facture|ref facture|référence facture|invoice reference|rechnungsreferenz|document number|document no|doc no|numéro de document|n° de document|belegnummer|beleg nr|belegnr|beleg|dokumentnummer|documentnummer"
  },
  {
    id: "receipt_number",
    triggers: ["receipt number", "receipt id", "transaction number", "transaction id", "ticket number", "bill no"],
    labels:
      "receipt number|receipt no|receipt id|transaction no|transaction id|trans no|txn no|cash bill no|check no|ticket no|numéro de reçu|reçu n°|ticket n°|n° de ticket|n° de transaction|belegnummer|beleg nr|bon nr|bonnummer|quittungsnummer|quittung nr|kassabon nr|transactienummer|número de recibo|recibo n°|número de ticket|numero ricevuta|ricevuta n|scontrino n|numero scontrino|número do recibo|talão n°|no resit|nombor resit|resit no|no bil|bil no",
    weak: "bill no|document no|doc no|invoice no|inv no|receipt"
  },
  {
    id: "document_number",
    triggers: ["document number", "doc number", "reference number", "ref number"],
    labels:
      "document number|document no|doc no|document id|reference no|ref no|numéro de document|n° de document|dokumentnummer|belegnr|documentnummer|número de documento|numero documento|número do documento|no dokumen|no rujukan"
  },
  {
    id: "order_number",
    triggers: ["order number", "order id", "po number", "purchase order"],
    labels:
      "auftrag|ihr auftrag|pedido|su pedido|ordine|vostro ordine|bestelling|uw bestelling|encomenda|sua encomenda|order number|order no|order id|order ref|purchase order|purchase order no|po number|po no|customer po|customer po no|customer order|customer order no|client po|your order|your order no|sales order|numéro de commande|n° de commande|commande n°|bon de commande|bestellnummer|bestell nr|auftragsnummer|auftrags nr|auftrag nr|ordernummer|bestelnummer|order nr|número de pedido|pedido n°|nº de pedido|orden de compra|numero ordine|ordine n|número do pedido|encomenda n°|n° de encomenda|número da encomenda|ordem de compra n°|ordem de compra|orden de compra n°|pedido de compra n°|ordine di acquisto n|bestellung nr|ihre bestellnummer|ihre auftragsnummer|votre commande n°|inkooporder nr|inkoopordernr|no pesanan|nombor pesanan|no po"
  },
  {
    id: "quote_number",
    triggers: ["quote number", "quotation number", "estimate number", "angebotsnummer"],
    labels:
      "quote number|quote no|quote ref|quotation number|quotation no|estimate number|estimate no|numéro de devis|n° de devis|n° devis|devis n°|référence devis|angebotsnummer|angebots nr|angebot nr|kostenvoranschlag nr|offertenummer|offerte nr|número de presupuesto|presupuesto n|numero preventivo|preventivo n|número do orçamento|orçamento n"
  },
  {
    id: "delivery_note",
    triggers: ["delivery note", "packing slip", "lieferschein", "albaran", "pakbon"],
    labels:
      "delivery note|delivery note no|dispatch note|packing slip|lieferschein|lieferschein nr|lieferscheinnummer|bon de livraison|bl n°|albarán|albaran|nº albarán|albarán nº|n° albarán|pakbon|leverbon|ddt|ddt n|documento di trasporto|bolla|bolla n|guia de remessa|guia de transporte"
  },
  {
    id: "customer_number",
    triggers: ["customer number", "customer id", "client number", "client id", "kundennummer", "klantnummer"],
    labels:
      "customer number|customer no|customer id|client no|client number|client id|cust no|cust id|numéro client|n° client|code client|kundennummer|kundennr|kunden nr|klantnummer|klantnr|klant nr|número de cliente|nº cliente|codice cliente|numero cliente|número do cliente|no pelanggan|kod pelanggan"
  },
  {
    id: "account_number",
    triggers: ["account number", "acct number", "bank account", "kontonummer", "rekeningnummer"],
    labels:
      "account number|account no|acct no|a c no|bank account|iban|numéro de compte|n° de compte|compte n°|kontonummer|konto nr|kto nr|rekeningnummer|rekening nr|rekeningnr|número de cuenta|cuenta n°|numero di conto|conto n|número da conta|conta n°|no akaun|nombor akaun|akaun no",
    weak: "account|compte|konto|rekening|cuenta|conto|conta|akaun"
  },
  {
    id: "bank",
    triggers: ["bank name", "bank", "banque", "banco", "banca", "bankname", "nama bank", "kreditinstitut"],
    labels:
      "bank name|name of bank|nom de la banque|bankverbindung|kreditinstitut|bankinstitut|naam bank|entidad bancaria|istituto bancario|nome banca|nama bank",
    weak: "bank|banque|banco|banca"
  },
  {
    id: "reference",
    triggers: ["reference", "ref"],
    labels:
      "reference|your reference|our reference|customer reference|ref cliente|ref client|réf client|rif cliente|referencia cliente|referencia del cliente|buyer reference|buyer ref|référence acheteur|référence client|käuferreferenz|kaeuferreferenz|leitweg id|référence|votre référence|referenz|ihre referenz|unser zeichen|referentie|uw referentie|kenmerk|referencia|su referencia|riferimento|referência|rujukan",
    weak: "ref|réf|rif"
  },
  {
    id: "invoice_date",
    family: "date",
    triggers: [
      "invoice date",
      "issue date",
      "date issued",
      "issued",
      "issue",
      "billing date",
      "rechnungsdatum",
      "factuurdatum",
      "fecha factura",
      "data fattura",
      "data fatura",
      "date facture"
    ],
    labels:
      "invoice date|date of invoice|date invoiced|invoice issue date|date of issue|issue date|issued on|issued|date issued|billing date|bill date|tax invoice date|date de facture|date de la facture|date de facturation|date d'émission|date facture|émise le|rechnungsdatum|rechnungs datum|datum der rechnung|ausstellungsdatum|ausgestellt am|belegdatum|fakturadatum|factuurdatum|fecha de factura|fecha de emisión|fecha factura|data fattura|data della fattura|data di emissione|data emissione|data da fatura|data de emissão|data fatura|tarikh invois|tarikh bil|fakturadato|udstedelsesdato|data wystawienia|data faktury|datum vystavení"
  },
  {
    id: "due_date",
    family: "date",
    triggers: [
      "due",
      "pay by",
      "payment deadline",
      "expiry date",
      "fälligkeitsdatum",
      "vervaldatum",
      "vencimiento",
      "scadenza"
    ],
    labels:
      "due date|payment due|date due|due by|due on|pay by|payable by|échéance|date d'échéance|date limite de paiement|fälligkeitsdatum|fällig am|fällig bis|zahlbar bis|zahlungsziel|vervaldatum|vervaldag|uiterste betaaldatum|fecha de vencimiento|vencimiento|fecha límite de pago|data di scadenza|scadenza|data scadenza|data de vencimento|vencimento|tarikh akhir|tarikh akhir bayaran|tarikh matang|förfallodatum|forfallodato|forfaldsdato|sidste rettidige betalingsdag|termin płatności|datum splatnosti"
  },
  {
    id: "order_date",
    family: "date",
    triggers: ["order date", "po date", "bestelldatum", "orderdatum"],
    labels:
      "order date|date of order|ordered on|order placed|order placed on|po date|date de commande|date de la commande|commandé le|commande du|bestellt am|bestelldatum|auftragsdatum|orderdatum|besteldatum|fecha de pedido|fecha del pedido|data ordine|data dell'ordine|data do pedido|tarikh pesanan"
  },
  {
    id: "delivery_date",
    family: "date",
    triggers: ["delivery date", "ship date", "shipping date", "lieferdatum", "leverdatum"],
    labels:
      "lieferung am|delivery date|date of delivery|ship date|shipping date|shipped on|dispatch date|dispatched on|delivered on|date de livraison|livré le|livrée le|date d'expédition|expédié le|lieferdatum|geliefert am|versanddatum|versandt am|leverdatum|afleverdatum|fecha de entrega|data di consegna|data de entrega|tarikh penghantaran"
  },
  {
    id: "service_date",
    family: "date",
    triggers: ["service date", "date of service", "date of supply", "supply date", "tax point", "leistungsdatum"],
    labels:
      "service date|date of service|date of supply|supply date|tax point|tax point date|date de prestation|date de la prestation|date d'intervention|date de réalisation|date d'exécution|leistungsdatum|datum der leistung|liefer- und leistungsdatum|prestatiedatum|fecha de prestación|fecha del servicio|data della prestazione|data prestazione|data do serviço|data da prestação|tarikh perkhidmatan"
  },
  // A stay's first and last days (a hotel's bill): the bill's own date is another.
  {
    id: "arrival_date",
    family: "date",
    triggers: ["arrival date", "check-in date", "check in date"],
    labels:
      "anreise|ankunft|anreisedatum|ankunftsdatum|arrival|arrival date|check in|check-in|check in date|check-in date|arrivée|date d'arrivée|aankomst|aankomstdatum|llegada|fecha de llegada|arrivo|data di arrivo|chegada|data de chegada|tarikh tiba|tarikh daftar masuk"
  },
  {
    id: "departure_date",
    family: "date",
    triggers: ["departure date", "check-out date", "check out date"],
    labels:
      "abreise|abreisedatum|departure|departure date|check out|check-out|check out date|check-out date|départ|date de départ|vertrek|vertrekdatum|salida|fecha de salida|partenza|data di partenza|data de partida|tarikh berlepas|tarikh daftar keluar"
  },
  {
    id: "purchase_date",
    family: "date",
    triggers: ["purchase date", "transaction date", "sale date", "date of purchase"],
    labels:
      "purchase date|date of purchase|transaction date|trans date|txn date|sale date|date time|date heure|datum uhrzeit|datum tijd|fecha hora|data ora|data hora|tarikh masa|tarikh transaksi"
  },
  {
    id: "date",
    family: "date",
    generic: true,
    triggers: ["date", "datum", "fecha", "data", "tarikh"],
    labels: "date|dated|datum|fecha|data|tarikh"
  },
  {
    id: "statement_period",
    triggers: ["period", "statement period", "billing period", "zeitraum", "periode"],
    labels:
      "statement period|billing period|service period|for the period|period|période|période de facturation|zeitraum|abrechnungszeitraum|leistungszeitraum|periode|factuurperiode|período|periodo de facturación|periodo|periodo di fatturazione|período de faturação|tempoh|tempoh penyata"
  },
  {
    id: "total",
    triggers: [
      "total",
      "amount",
      "grand total",
      "amount due",
      "balance due",
      "sum",
      "montant",
      "betrag",
      "bedrag",
      "importe",
      "importo",
      "valor",
      "jumlah",
      "totaal",
      "totale",
      "gesamtbetrag"
    ],
    labels:
      "total|netto a pagare|netto da pagare|importo a pagare|importo da pagare|totale a pagare|líquido a pagar|liquido a pagar|líquido a percibir|grand total|total amount|amount due|total due|balance due|amount payable|total payable|total to pay|to pay|invoice total|total incl|total inc|total including|total incl vat|total incl gst|total inc tax|total with tax|total rounded|rounded total|total after rounding|total sales|total after adj|amount to pay|total ttc|montant ttc|net à payer|montant total|total à payer|à payer|montant dû|reste à payer|total facture|gesamtbetrag|gesamtsumme|gesamt|summe|endbetrag|rechnungsbetrag|zu zahlen|zahlbetrag|bruttobetrag|gesamt brutto|rechnungssumme|bruttosumme|summe brutto|rechnungssumme brutto|gesamtsumme brutto|totaal|totaalbedrag|te betalen|totaal incl btw|totaal te betalen|eindtotaal|importe total|total a pagar|total factura|a pagar|total con iva|totale|totale fattura|importo totale|totale da pagare|da pagare|totale documento|totale complessivo|valor total|valor a pagar|total da fatura|jumlah|jumlah besar|jumlah keseluruhan|jumlah perlu dibayar|jumlah bayaran|att betala|summa att betala|belopp att betala|å betale|at betale|total inkl moms|totalt inkl mva|i alt inkl moms|do zapłaty|razem do zapłaty|suma|celkem k úhradě|k úhradě|celkem s dph",
    weak: "amount|balance|betrag|bedrag|importe|importo|montant|valor|brutto|bruto|gross"
  },
  {
    id: "subtotal",
    triggers: [
      "subtotal",
      "sub total",
      "net amount",
      "amount before tax",
      "total excl",
      "total ht",
      "zwischensumme",
      "nettobetrag",
      "subtotaal",
      "base imponible",
      "imponibile"
    ],
    labels:
      "subtotal|sub total|net amount|total sales excluding gst|total sales excl gst|total sales exclusive gst|total sales before gst|total excluding gst|total exclusive of gst|total sales excluding tax|total sales excl tax|excluding gst|excl gst|total excl|total excl vat|total excl tax|total excl gst|total ex gst|total ex vat|total excluding|total before tax|amount before tax|exclusive of tax|total ht|montant ht|sous total|total hors taxes|hors taxe|nettobetrag|zwischensumme|summe netto|gesamt netto|nettosumme|rechnungssumme ohne ust|rechnungssumme netto|summe ohne ust|summe ohne mwst|betrag ohne ust|positionssumme|summe der positionen|warenwert|subtotaal|totaal excl btw|exclusief btw|netto bedrag|base imponible|importe neto|imponibile|totale imponibile|subtotale|valor líquido|total sem iva|jumlah kecil|subjumlah|übertrag|uebertrag|à reporter|report à nouveau|brought forward|carried over|summa exkl moms|exkl moms|netto exkl moms|sum eksl mva|total eksl mva|i alt ekskl moms|razem netto|wartość netto|celkem bez dph|základ daně"
  },
  {
    id: "tax",
    triggers: [
      "tax",
      "vat",
      "gst",
      "sst",
      "tva",
      "mwst",
      "btw",
      "iva",
      "tax amount",
      "vat amount",
      "total tax",
      "total vat"
    ],
    labels:
      "tax|vat|gst|sst|hst|pst|qst|tvq|tps|cgst|sgst|igst|utgst|sales tax|tax amount|vat amount|total tax|total taxes|total vat|total gst|tax total|taxes total|gst total|vat total|gst amount|total includes|tva|montant tva|total tva|total taxes|montant des taxes|montant de la tva|total des taxes|taxe|mwst|ust|mehrwertsteuer|umsatzsteuer|steuer|steuerbetrag|ust betrag|mwst betrag|umsatzsteuerbetrag|steuersumme|summe ust|summe mwst|btw|btw bedrag|totaal btw|iva|importe iva|cuota iva|total iva|imposta|importo iva|totale iva|imposto|valor do iva|total do iva|cukai|cukai jualan|cukai perkhidmatan|moms|mva|merverdiavgift|momsbelopp|moms i alt|kwota vat|podatek vat|dph"
  },
  {
    id: "withholding",
    triggers: ["withholding tax", "ritenuta", "retencion", "irpf"],
    labels:
      "withholding|withholding tax|tax withheld|ritenuta|ritenuta d'acconto|ritenuta irpef|retención|retención irpf|irpf|retenue à la source|quellensteuer|bronbelasting|retenção|retenção na fonte|retenção irs"
  },
  {
    id: "tax_rate",
    triggers: ["tax rate", "vat rate", "gst rate", "tax percent", "steuersatz"],
    labels:
      "tax rate|vat rate|gst rate|tax %|taux de tva|taux|steuersatz|mwst satz|btw tarief|tipo de iva|aliquota iva|aliquota|taxa de iva|kadar cukai",
    // A tax row names its rate beside its amount ("VAT 20 %  13.10"): only a percentage is read there.
    weak: "vat|tva|mwst|ust|gst|sst|tax|btw|iva"
  },
  {
    id: "service_charge",
    triggers: ["service charge", "service fee", "tip", "gratuity"],
    labels:
      "service charge|serv charge|svc charge|service chg|svc chg|service fee|tip|tips|gratuity|frais de service|pourboire|bedienungsgeld|servicegebühr|trinkgeld|bedieningsgeld|fooi|cargo por servicio|propina|servizio|mancia|taxa de serviço|gorjeta|caj perkhidmatan"
  },
  {
    id: "discount",
    triggers: [
      "discount amount",
      "discount",
      "rebate",
      "rabatt",
      "korting",
      "descuento",
      "sconto",
      "desconto",
      "remise"
    ],
    labels:
      "discount|disc|dto|rab|rebate|total discount|total savings|you saved|remise|rabais|réduction|rabatt|nachlass|skonto|korting|descuento|sconto|desconto|diskaun|potongan"
  },
  {
    id: "currency",
    triggers: ["currency", "währung", "devise", "valuta", "moneda", "divisa", "moeda"],
    labels: "currency|currency code|devise|monnaie|währung|valuta|moneda|divisa|moeda|mata wang"
  },
  {
    id: "issuer",
    family: "party",
    triggers: [
      "issuer",
      "vendor",
      "seller",
      "supplier",
      "company",
      "store",
      "shop",
      "merchant",
      "restaurant",
      "business",
      "provider",
      "biller",
      "issued by",
      "sold by",
      "lieferant",
      "fournisseur",
      "leverancier",
      "proveedor",
      "fornitore",
      "fornecedor",
      "emisor",
      "penjual"
    ],
    labels:
      "issued by|seller|vendor|supplier|sold by|bill from|invoice from|merchant|provider|payee|émetteur|vendeur|fournisseur|prestataire|verkäufer|lieferant|rechnungssteller|anbieter|leverancier|verkoper|proveedor|vendedor|emisor|fornitore|venditore|cedente prestatore|fornecedor|emitente|penjual|pembekal|säljare|selger|sælger|leverantör|leverandør|sprzedawca|dostawca|dodavatel",
    weak: "from|company|store|shop|syarikat"
  },
  {
    id: "staff",
    triggers: ["cashier", "salesperson", "sales person", "served by", "clerk", "operator", "staff", "juruwang"],
    labels:
      "cashier|cashier name|cashier id|cashier no|salesperson|sales person|sales rep|sales staff|served by|you were served by|operator|clerk|attendant|waiter|waitress|staff|caissier|caissière|hôte de caisse|hôtesse de caisse|vendeuse|kassierer|kassiererin|bediener|bedienerin|es bediente sie|bedient von|kassamedewerker|cajero|cajera|atendido por|le atendió|cassiere|cassiera|operatore|operador|caixa|juruwang|jurujual|pelayan",
    weak: "vendeur|vendor|seller|vendedor|verkäufer|verkoper|venditore|penjual"
  },
  {
    id: "customer",
    family: "party",
    triggers: [
      "billing address",
      "customer",
      "client",
      "buyer",
      "bill to",
      "billed to",
      "sold to",
      "recipient",
      "purchaser",
      "invoice to",
      "kunde",
      "klant",
      "cliente",
      "pelanggan",
      "account holder",
      "holder",
      "account name",
      "kontoinhaber",
      "titulaire",
      "rekeninghouder",
      "titular",
      "intestatario"
    ],
    labels:
      "datos del cliente|dati del cliente|dati cliente|données client|coordonnées client|klantgegevens|gegevens klant|dados do cliente|kundendaten|customer details|client details|client facturé|details of receiver|bill to|billed to|bill to party|m/s|sold to|vendu à|verkauft an|vendido a|venduto a|invoice to|customer|client|buyer|recipient|customer name|client name|billing address|account holder|account name|kontoinhaber|titulaire du compte|rekeninghouder|titular da conta|intestatario|nama pemegang akaun|pemegang akaun|kepada|dikeluarkan kepada|facturé à|facturer à|destinataire|acheteur|adresse de facturation|adresse du client|adresse client|coordonnées client|customer address|client address|kundenadresse|kundenanschrift|rechnungsempfänger|rechnungsadresse|rechnungsanschrift|leistungsempfänger|auftraggeber|kunde|käufer|empfänger|klant|factuuradres|afnemer|koper|cliente|facturar a|comprador|destinatario|receptor|committente|cessionario|spett le|spettabile|faturar a|exmo s sr s|exmos srs|exmo sr|exmo senhor|exmos senhores|exma sra|exma senhora|pelanggan|pembeli|kund|köpare|kjøper|køber|nabywca|odbiorca|odběratel",
    // The person a letter is for ("Attn:", "z. Hd.") is the customer's contact, the customer only when nothing else names one.
    weak:
      "to|aan|an|a|para|per|holder|titulaire|titular|inhaber|name|naam|nom|nombre|nome|nama|guest|guest name|gast|for the attention of|attn|à l'attention de|zu händen|z hd|ter attentie van|t a v|a la atención de|all'attenzione di|à atenção de|untuk perhatian"
  },
  {
    id: "shipping",
    family: "party",
    triggers: ["ship to", "shipping", "delivery address", "deliver to"],
    labels:
      "ship to|shipped to|ship to party|details of consignee|consignee|shipping address|delivery address|deliver to|delivered to|livrer à|livré à|livrée à|expédié à|adresse de livraison|lieferung an|geliefert an|versand an|lieferadresse|lieferanschrift|afleveradres|leveringsadres|dirección de envío|dirección de entrega|indirizzo di spedizione|indirizzo di consegna|spedire a|endereço de entrega|entregar a|enviar a|alamat penghantaran|site address|service address|job address|job site|property address|installation address|work address|client livré|cliente de entrega|place of supply|place of performance|leistungsort|lieferort|einsatzort|lieu d'intervention|lieu de prestation|lieu de livraison|adresse d'intervention|lugar de entrega|lugar de prestación|luogo di consegna|luogo della prestazione|local de entrega"
  },
  {
    id: "address",
    triggers: [
      "address",
      "addr",
      "adresse",
      "anschrift",
      "adres",
      "direccion",
      "indirizzo",
      "endereco",
      "morada",
      "alamat"
    ],
    labels: "address|addr|adresse|anschrift|adres|dirección|indirizzo|endereço|morada|alamat"
  },
  {
    id: "phone",
    triggers: ["phone", "tel", "telephone", "mobile", "contact number", "telefon", "telefoon", "telefono", "telefone"],
    labels:
      "phone|tel|telephone|phone no|tel no|service clients|service client|customer service|kundenservice|kundendienst|servicio al cliente|servizio clienti|klantenservice|mobile|mob|cell|contact no|téléphone|tél|portable|telefon|tel nr|handy|telefoon|mobiel|teléfono|telefono|móvil|cellulare|telefone|telemóvel|celular|no tel|no telefon|hp"
  },
  { id: "fax", triggers: ["fax"], labels: "fax|fax no|télécopie|telefax" },
  {
    id: "email",
    triggers: ["email", "e mail", "mail", "courriel", "emel"],
    labels: "email|e mail|mail|courriel|adresse e mail|e mail adresse|correo|correo electrónico|posta elettronica|emel"
  },
  {
    id: "website",
    triggers: ["website", "url", "web", "site"],
    labels:
      "website|web|url|site web|site internet|internet|sitio web|sito web|laman web|espace client|customer portal|customer area|kundenportal|kundenbereich|área de cliente|area clienti|klantenportaal"
  },
  { id: "iban", triggers: ["iban"], labels: "iban|iban no" },
  { id: "bic", triggers: ["bic", "swift"], labels: "bic|swift|swift code|bic swift|code bic" },
  {
    id: "vat_id",
    triggers: [
      "vat id",
      "vat number",
      "vat reg",
      "tax id",
      "tax number",
      "tin",
      "gst id",
      "gst number",
      "gst reg",
      "sst number",
      "vat registration",
      "ust id",
      "ustid",
      "btw nummer",
      "partita iva",
      "nif",
      "cif"
    ],
    labels:
      "vat id|vat no|vat number|vat reg no|vat registration number|tax id|tax no|tax number|tin|gst id|gst no|gst reg no|gst registration no|sst no|sst id|sst reg no|abn|n° tva|numéro de tva|tva intracommunautaire|n° tva intracommunautaire|n° tva client|tva client|numéro de tva client|customer vat number|customer vat id|buyer vat number|ust id kunde|ust idnr kunde|ust id|ustid|ust idnr|ust id nr|umsatzsteuer id|steuernummer|steuer nr|btw nummer|btw nr|btw id|nif|cif|nif iva|partita iva|p iva|codice fiscale|nipc|número de contribuinte|no cukai|no pendaftaran gst|vat tin|n° intracom|intracom|id tva|ust identnr|ust ident nr|ust identifikationsnummer",
    // A tax's own name before its number ("TVA : FR55123456789"): only a tax number's shape is read there.
    weak: "tva|vat|ust|mwst|gst|btw|iva"
  },
  {
    id: "registration",
    triggers: ["registration number", "company number", "reg number", "siret", "kvk", "chamber of commerce"],
    labels:
      "company reg no|co reg|co reg no|company no|co no|reg no|registration no|registration number|company registration no|company registration number|business registration no|business reg no|brn|crn|uen|siret|siren|rcs|kvk|kvk nummer|handelsregister|hrb|registro mercantil|rea|roc|ssm|no syarikat|no pendaftaran|org nr|organisationsnummer|organisasjonsnummer|cvr|cvr nr|krs|regon"
  },
  {
    id: "opening_balance",
    triggers: ["opening balance", "previous balance", "beginning balance", "starting balance", "brought forward"],
    labels:
      "opening balance|previous balance|beginning balance|starting balance|balance brought forward|brought forward|balance b f|solde initial|solde précédent|ancien solde|anfangssaldo|alter saldo|saldovortrag|beginsaldo|vorig saldo|saldo inicial|saldo anterior|saldo iniziale|saldo precedente|baki awal|baki bawa ke hadapan"
  },
  {
    id: "closing_balance",
    triggers: [
      "closing balance",
      "new balance",
      "ending balance",
      "final balance",
      "current balance",
      "carried forward"
    ],
    labels:
      "closing balance|new balance|ending balance|final balance|balance carried forward|carried forward|balance c f|current balance|solde final|nouveau solde|solde de clôture|endsaldo|neuer saldo|schlusssaldo|eindsaldo|nieuw saldo|saldo final|saldo nuevo|saldo finale|saldo attuale|saldo contabile|saldo actual|saldo atual|baki akhir|baki penutup",
    weak: "solde au|saldo al|saldo per|stand am|balance as at|balance as of|baki pada"
  },
  {
    id: "quantity",
    triggers: [
      "quantity",
      "qty",
      "count",
      "units",
      "pieces",
      "menge",
      "anzahl",
      "aantal",
      "cantidad",
      "quantita",
      "quantidade",
      "kuantiti",
      "quantite"
    ],
    labels:
      "quantity|qty|qté|quantité|qte|nombre|nbre|menge|anzahl|stück|stk|aantal|cantidad|cant|quantità|qtà|q tà|q té|q ty|quantidade|qtd|kuantiti|units|pcs|total qty|total quantity|qty total|qty s|item s|hours|hrs|stunden|std|heures|jours|days|tage|uren|horas|ore|antal|antall|ilość|množství|počet|shipped|qty shipped|quantity shipped|qty invoiced|quantity invoiced",
    weak: "nb|anz|stck"
  },
  {
    // The quantities of all items added up, as a document prints it: not one item's quantity.
    id: "total_quantity",
    triggers: [
      "total quantity",
      "total qty",
      "quantity total",
      "total units",
      "total pieces",
      "gesamtmenge",
      "quantite totale",
      "totaal aantal",
      "cantidad total",
      "quantidade total"
    ],
    labels:
      "total qty|total quantity|qty total|total pcs|total units|total pieces|total qty s|gesamtmenge|menge gesamt|gesamtstückzahl|quantité totale|qté totale|total quantité|totaal aantal|cantidad total|totale quantità|quantità totale|quantidade total|jumlah kuantiti"
  },
  {
    // How many items a document lists ("line_count", "number of items"): a count, never one item's quantity.
    id: "item_count",
    triggers: [
      "line count",
      "lines count",
      "item count",
      "items count",
      "count items",
      "count lines",
      "number items",
      "number lines",
      "number positions",
      "anzahl positionen",
      "anzahl artikel",
      "nombre articles",
      "nombre lignes",
      "aantal artikelen",
      "numero articulos",
      "numero articoli",
      "bilangan item"
    ],
    labels:
      "total items|item count|items count|no of items|number of items|total no of items|total number of items|nombre d'articles|nombre d articles|nb articles|nbre d'articles|anzahl artikel|anzahl positionen|artikelanzahl|aantal artikelen|aantal items|número de artículos|total artículos|numero articoli|totale articoli|número de itens|total de itens|jumlah item|bil item|bilangan item"
  },
  {
    id: "unit_price",
    triggers: [
      "unit price",
      "price",
      "rate",
      "unit cost",
      "prijs",
      "preis",
      "prix",
      "precio",
      "prezzo",
      "preco",
      "harga"
    ],
    labels:
      "unit price|price|rate|unit cost|price per unit|u price|net price|prix unitaire|prix unit|pu|p u|pu ht|p u ht|prix|einzelpreis|preis|stückpreis|e preis|vk preis|nettopreis|einzelpreis netto|prijs|prijs per stuk|stukprijs|eenheidsprijs|precio unitario|precio|p unit|prezzo unitario|prezzo|preço unitário|preço|valor unitário|harga seunit|harga unit|harga|a pris|enhetspris|enhedspris|styckpris|stykpris|cena netto|cena jednostkowa|jednotková cena",
    weak: "unit"
  },
  {
    id: "description",
    triggers: [
      "description",
      "item",
      "product",
      "article",
      "designation",
      "item name",
      "product name",
      "details",
      "beschreibung",
      "omschrijving",
      "descripcion",
      "descrizione",
      "descricao"
    ],
    labels:
      "description|item|product|article|item description|product description|details|particulars|service|services|activity|date description|date / description|datum tätigkeit|datum / tätigkeit|datum leistung|datum / leistung|date prestation|date / prestation|désignation|prestation|prestations|leistungen|leistungsbeschreibung|leistungsbezeichnung|warenbezeichnung|artikelbeschreibung|gegenstand|intitulé|artikelbezeichnung|libellé|produit|beschreibung|bezeichnung|artikel|leistung|produkt|omschrijving|descripción|concepto|artículo|producto|descrizione|articolo|prodotto|descrição|produto|artigo|keterangan|perkara|butiran|barang|beskrivning|beskrivelse|benämning|varebeskrivelse|nazwa|nazwa towaru lub usługi|nazwa towaru|opis|popis|název"
  },
  {
    id: "line_amount",
    triggers: ["line total", "line amount", "amount", "total", "ext price", "extended price"],
    labels:
      "amount|line total|taxable value|taxable amount|total|total price|ext price|extended price|extended amount|ext amount|net amount|net|netto|montant|montant ht|total ht|prix total|prix total ht|betrag|nettobetrag|betrag netto|gesamtpreis|gesamt|summe|zeilenbetrag|positionsbetrag|nettowert|nettopreis gesamt|entgelt|bedrag|totaal|importe|importe neto|importo|totale|valor|valor total|amaun|jumlah|prijs incl btw|price incl vat|belopp|beløb|beløp|wartość|wartość netto|celkem",
    // A gross column names the line amount when no net one does.
    weak: "gross|gross amount|brutto|bruttobetrag|montant ttc|total ttc|ttc"
  },
  {
    id: "payment_terms",
    triggers: ["payment terms", "terms"],
    labels:
      "payment terms|terms of payment|terms|conditions de paiement|conditions de règlement|zahlungsbedingungen|betalingsvoorwaarden|betalingstermijn|condiciones de pago|termini di pagamento|condizioni di pagamento|condições de pagamento|terma pembayaran|terma"
  },
  {
    id: "payment_method",
    triggers: ["payment method", "payment type", "paid by", "payment mode"],
    labels:
      "payment method|payment type|paid by|payment mode|mode de paiement|mode de règlement|moyen de paiement|zahlungsart|zahlungsweise|zahlungsform|betaalwijze|betaalmethode|forma de pago|método de pago|metodo di pagamento|modalità di pagamento|forma de pagamento|método de pagamento|cara pembayaran|kaedah pembayaran"
  },
  {
    id: "deposit",
    triggers: ["deposit", "prepayment", "advance payment", "already paid"],
    labels:
      "deposit|deposit received|deposit paid|less deposit|prepayment|advance payment|already paid|anzahlung|geleistete anzahlung|abschlagszahlung|bereits bezahlt|bereits gezahlt|acompte|acompte versé|acompte reçu|déjà réglé|déjà payé|aanbetaling|vooruitbetaling|reeds betaald|al betaald|anticipo|acconto|già pagato|già versato|adiantamento|pago a cuenta|entrega a cuenta|zaliczka"
  },
  {
    id: "tender",
    triggers: ["cash", "tendered", "amount paid"],
    labels:
      "cash|cash tendered|tendered|amount tendered|paid|amount paid|cash paid|payment|espèces|montant reçu|bargeld|gegeben|contant|betaald|efectivo|entregado|contanti|dinheiro|tunai"
  },
  {
    id: "change",
    triggers: ["change due", "change"],
    labels:
      "change|change due|cash change|rendu|monnaie rendue|rendu monnaie|rückgeld|wechselgeld|wisselgeld|cambio|vuelto|resto|troco|baki|kembali|wang kembali"
  },
  {
    id: "rounding",
    triggers: ["rounding"],
    labels:
      "rounding|rounding adjustment|round adj|rounding adj|adjustment|arrondi|rundung|rundungsdifferenz|rundungsbetrag|écart d arrondi|afronding|redondeo|arrotondamento|arredondamento|pembundaran|pelarasan"
  }
]

const CONCEPT_BY_ID: ReadonlyMap<string, Concept> = new Map(CONCEPTS.map((c) => [c.id, c]))
export const conceptById = (id: string): Concept | undefined => CONCEPT_BY_ID.get(id)

/** Concepts whose value is an identifier (must hold a digit). */
export const ID_CONCEPTS: ReadonlySet<string> = new Set([
  "invoice_number",
  "receipt_number",
  "document_number",
  "order_number",
  "customer_number",
  "account_number",
  "vat_id",
  "registration"
])
/** Concepts whose best occurrence is the last one (the total comes after the lines). */
export const LATE_CONCEPTS: ReadonlySet<string> = new Set(["total", "closing_balance"])
/** A list's "amount" or "total" column is the line amount, not the document total. */
const TABLE_ONLY: ReadonlySet<string> = new Set(["line_amount"])
const NOT_IN_TABLE: ReadonlySet<string> = new Set(["total", "subtotal"])

const split = (labels: string | undefined): Array<Array<string>> =>
  labels === undefined ? [] : labels.split("|").map((l) => tokensOf(l)).filter((t) => t.length > 0)

export interface Phrase {
  readonly tokens: ReadonlyArray<string>
  readonly strength: number
}

export interface LexiconEntry {
  readonly tokens: ReadonlyArray<string>
  readonly concepts: ReadonlySet<string>
}

/** Every known label with the concepts it names, indexed by first token. */
export const LEXICON: ReadonlyMap<string, ReadonlyArray<LexiconEntry>> = (() => {
  const byKey = new Map<string, { tokens: Array<string>; concepts: Set<string> }>()
  for (const c of CONCEPTS) {
    for (const tokens of [...split(c.labels), ...split(c.weak)]) {
      const key = tokens.join(" ")
      const entry = byKey.get(key) ?? { tokens, concepts: new Set<string>() }
      entry.concepts.add(c.id)
      byKey.set(key, entry)
    }
  }
  const index = new Map<string, Array<LexiconEntry>>()
  for (const e of byKey.values()) {
    const list = index.get(e.tokens[0]!) ?? []
    list.push(e)
    index.set(e.tokens[0]!, list)
  }
  return index
})()

/** The concepts a label names, by its match tokens (empty for a phrase no concept prints). */
export const labelConcepts = (tokens: ReadonlyArray<string>): ReadonlySet<string> =>
  LEXICON.get(tokens[0] ?? "")?.find((e) =>
    e.tokens.length === tokens.length && e.tokens.every((t, i) => tokens[i] === t)
  )?.concepts ?? new Set()

export interface FieldProfile {
  /** The concepts the field means, most specific first. */
  readonly concepts: ReadonlyArray<string>
  /** Label phrases to look for, strongest first. */
  readonly phrases: ReadonlyArray<Phrase>
  /** How clearly the field's name (1), its parents (0.8) or its description (0.85) names a known concept; 0 when none does. */
  readonly meaning: number
}

const STOPWORDS = new Set([
  "the",
  "of",
  "a",
  "an",
  "to",
  "and",
  "or",
  "that",
  "this",
  "which",
  "for",
  "in",
  "on",
  "is",
  "as",
  "by",
  "e",
  "g",
  "eg",
  "its",
  "it",
  "be",
  "if",
  "any",
  "de",
  "la",
  "le",
  "du",
  "des",
  "der",
  "die",
  "das",
  "van",
  "het"
])

/** Words that make a field a name, and the concepts a name can be. */
const NAME_WORDS = new Set(["name", "names", "nom", "naam", "nombre", "nome", "nama", "firma"])
const NAME_CONCEPTS = new Set(["issuer", "customer", "shipping", "bank", "description"])

interface TriggerHit {
  readonly id: string
  readonly words: ReadonlyArray<number>
}

const triggerHits = (words: ReadonlyArray<string>, table: boolean): Array<TriggerHit> => {
  const hits: Array<TriggerHit> = []
  for (const c of CONCEPTS) {
    if ((table ? NOT_IN_TABLE : TABLE_ONLY).has(c.id)) continue
    let best: Array<number> | undefined
    for (const t of c.triggers.map((tr) => tokensOf(tr))) {
      const positions = t.map((w) => words.indexOf(w))
      if (positions.every((p) => p >= 0) && (best === undefined || positions.length > best.length)) best = positions
    }
    if (best !== undefined) hits.push({ id: c.id, words: best })
  }
  return hits
}

/**
 * The concepts a list of words names, longest trigger first. A hit whose words a longer hit
 * already explains is dropped ("tax_rate" is not a unit price), and a generic concept is dropped
 * when a specific one of its family is named ("due_date" is not any date).
 */
const conceptsNamed = (words: ReadonlyArray<string>, table: boolean): Array<string> => {
  const hits = triggerHits(words, table).sort((a, b) =>
    b.words.length - a.words.length || Math.min(...a.words) - Math.min(...b.words)
  )
  const kept: Array<TriggerHit> = []
  for (const h of hits) {
    const explained = kept.some((k) => k.words.length > h.words.length && h.words.every((w) => k.words.includes(w)))
    if (!explained) kept.push(h)
  }
  const families = new Set(
    kept.filter((h) => !CONCEPT_BY_ID.get(h.id)!.generic).map((h) => CONCEPT_BY_ID.get(h.id)!.family)
  )
  return kept
    .filter((h) => {
      const c = CONCEPT_BY_ID.get(h.id)!
      return !(c.generic && families.has(c.family))
    })
    .map((h) => h.id)
}

/**
 * Profiles already made: every section of every request asks again for the same templates' fields.
 * Bounded by count; a profile is a few phrases.
 */
const profiles = new LRUCache<string, FieldProfile, FieldProfileArgs>({
  max: 4096,
  memoMethod: (_key, _stale, { context }) => makeFieldProfile(...context)
})

type FieldProfileArgs = readonly [
  path: ReadonlyArray<string>,
  description?: string,
  options?: { readonly table?: boolean }
]

/**
 * What a field means and which labels to look for: `path` is the field's name preceded by its
 * parents' names (["seller", "name"]); `table` when the field is a column of a list of items.
 * Names in any case style are split into words ("invoice_number", "invoiceNumber").
 */
export const fieldProfile = (
  path: ReadonlyArray<string>,
  description?: string,
  options?: { readonly table?: boolean }
): FieldProfile =>
  profiles.memo(JSON.stringify([path, description ?? null, options?.table === true]), {
    context: [path, description, options]
  })

const makeFieldProfile = (
  path: ReadonlyArray<string>,
  description?: string,
  options?: { readonly table?: boolean }
): FieldProfile => {
  const table = options?.table === true
  const leaf = path.length > 0 ? path[path.length - 1]! : ""
  const leafWords = tokensOf(fieldNameWords(leaf).join(" "))
  const strength = new Map<string, number>()
  const add = (ids: ReadonlyArray<string>, s: number) => {
    for (const id of ids) if ((strength.get(id) ?? 0) < s) strength.set(id, s)
  }
  add(conceptsNamed(leafWords, table), 1)
  const specific = () => [...strength.keys()].some((id) => !CONCEPT_BY_ID.get(id)!.generic)
  if (!specific() && path.length > 1) {
    const parentWords = path.slice(0, -1).flatMap((p) => tokensOf(fieldNameWords(p).join(" ")))
    add(conceptsNamed([...parentWords, ...leafWords], table), 0.8)
  }
  if (!specific() && description !== undefined) {
    const words = tokensOf(description).filter((w) => !STOPWORDS.has(w))
    // A field called a name holds a name, whatever else its description mentions ("the bank that issued the statement").
    const named = leafWords.some((w) => NAME_WORDS.has(w))
    add(conceptsNamed(words, table).filter((id) => !named || NAME_CONCEPTS.has(id)).slice(0, 1), 0.85)
  }
  const phrases = new Map<string, Phrase>()
  const addPhrase = (tokens: ReadonlyArray<string>, s: number) => {
    const key = tokens.join(" ")
    if (tokens.length > 0 && (phrases.get(key)?.strength ?? 0) < s) phrases.set(key, { tokens, strength: s })
  }
  const concepts = [...strength.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id)
  for (const id of concepts) {
    const c = CONCEPT_BY_ID.get(id)!
    const s = strength.get(id)!
    // A longer label is more specific ("Total after adj" over a "Total" row of a tax summary).
    for (const t of split(c.labels)) addPhrase(t, t.length > 1 ? s * 1.05 : s)
    for (const t of split(c.weak)) addPhrase(t, s * 0.55)
  }
  // The field's own name is a label too ("policy_number" → "policy number"); a lone generic word is weak.
  // A name that is a generic label of its concept ("company", "store") stays as weak as that label.
  if (!phrases.has(leafWords.join(" "))) {
    addPhrase(leafWords, leafWords.length > 1 ? 0.9 : concepts.length > 0 ? 0.9 : 0.6)
  }
  return {
    concepts,
    phrases: [...phrases.values()].sort((a, b) => b.strength - a.strength || b.tokens.length - a.tokens.length),
    meaning: Math.max(0, ...strength.values())
  }
}

/** Phrase lists already made, by concept and strength (the same few are asked for on every page). */
const conceptPhraseMemo = new LRUCache<string, ReadonlyArray<Phrase>, readonly [id: string, strength: number]>({
  max: 10_000,
  memoMethod: (_key, _stale, { context }) => makeConceptPhrases(...context)
})

/** All label phrases of a concept (strong ones first). */
export const conceptPhrases = (id: string, strength = 1): ReadonlyArray<Phrase> =>
  conceptPhraseMemo.memo(`${id}\u0000${strength}`, { context: [id, strength] })

const makeConceptPhrases = (id: string, strength: number): Array<Phrase> => {
  const c = CONCEPT_BY_ID.get(id)
  if (c === undefined) return []
  return [
    ...split(c.labels).map((tokens) => ({ tokens, strength })),
    ...split(c.weak).map((tokens) => ({ tokens, strength: strength * 0.55 }))
  ]
}
