import { describe, expect, it } from "@effect/vitest"
import { layoutOf } from "../../../src/Engine/Local/Layout.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { partiesOf } from "../fixtures.js"

/** The words of each row the engine sees on a page written as lines of text. */
const rowsOf = (lines: ReadonlyArray<string>) =>
  layoutOf(pageModelFromLines([lines]).pages[0]!).rows.map((r) => r.words.map((w) => w.text))

describe("a heading set in spaced capitals", () => {
  it("is read as the words it spells, each word of the heading its own", () => {
    expect(rowsOf(["C L I E N T E", "B I L L  T O", "D E S T I N ATA R I O"])).toEqual([
      ["CLIENTE"],
      ["BILL", "TO"],
      ["DESTINATARIO"]
    ])
  })

  it("leaves short runs of capitals, letters set apart like columns and words beside the heading as they are", () => {
    expect(rowsOf(["A B C", "UK VAT NO 123", "A     B     C     D", "Atelier Sorbier SARL    C L I E N T"])).toEqual([
      ["A", "B", "C"],
      ["UK", "VAT", "NO", "123"],
      ["A", "B", "C", "D"],
      ["Atelier", "Sorbier", "SARL", "CLIENT"]
    ])
    // Initials and a legal form printed without its dots, at a word's spacing from the words beside them.
    expect(rowsOf(["MR A J R SMITH", "HURTOWNIA LIPA SP Z O O"])).toEqual([
      ["MR", "A", "J", "R", "SMITH"],
      ["HURTOWNIA", "LIPA", "SP", "Z", "O", "O"]
    ])
  })

  it("heads the customer's block as the word would", () => {
    const letter = (heading: string) => [
      "Quinta do Pinhal Velho, Lda.",
      `Lugar do Pinhal                          ${heading}`,
      "5110-204 Armamar                         Restaurante A Fonte, Lda.",
      "NIF 514 662 089                          Rua da Ribeira, 33",
      "                                         4050-510 Porto",
      "",
      "                                         Fatura n.º FT PV2031/91",
      "                                         Data de emissão 20-08-2031",
      "",
      "Descrição                    Qtd.      Valor líquido",
      "Mel de urze 500 g             60             399,00",
      "                                 Total a pagar   490,77 €"
    ]
    for (const heading of ["C L I E N T E", "D E S T I N ATA R I O", "B I L L  T O"]) {
      expect(partiesOf(letter(heading)).customer).toBe("Restaurante A Fonte, Lda.")
    }
  })
})
