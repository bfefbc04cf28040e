import { describe, expect, it } from "@effect/vitest"
import { PDFDocument } from "pdf-lib"
import { attachedXml, truthOfXml } from "../../eval/InvoiceXml.js"

/** A made-up CII invoice, as ZUGFeRD 2 / Factur-X write it. */
const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument></ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>2</ram:LineID></ram:AssociatedDocumentLineDocument></ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>Example Seller GmbH</ram:Name>
        <ram:PostalTradeAddress><ram:PostcodeCode>34117</ram:PostcodeCode><ram:LineOne>Lindenweg 7</ram:LineOne><ram:CityName>Kassel</ram:CityName></ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">201/113/40209</ram:ID></ram:SpecifiedTaxRegistration>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE000000001</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:Name>Example Buyer SARL</ram:Name>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR00000000002</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:BuyerTradeParty>
      <ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>PO-42</ram:IssuerAssignedID></ram:BuyerOrderReferencedDocument>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE00000000000000000000</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">20240415</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`

describe("the truth of an embedded invoice XML", () => {
  it("reads the fields beyond the template from CII, a party's VAT id by its scheme", () => {
    expect(truthOfXml(CII)).toEqual({
      due_date: "2024-04-15",
      tax_amount: 19,
      net_amount: 100,
      vat_number: "DE000000001",
      buyer_vat_number: "FR00000000002",
      iban: "DE00000000000000000000",
      order_number: "PO-42",
      supplier_address: { postcode: "34117", street: "Lindenweg 7" },
      line_count: 2
    })
  })

  it("finds the XML attached to a PDF, and none in a PDF without one", async () => {
    const doc = await PDFDocument.create()
    doc.addPage()
    const plain = await doc.save()
    doc.attach(new TextEncoder().encode(CII), "factur-x.xml", { mimeType: "text/xml" })
    const withXml = await doc.save()
    expect(await attachedXml(withXml)).toBe(CII)
    expect(await attachedXml(plain)).toBeUndefined()
  })
})
