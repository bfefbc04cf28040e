import { it } from "@effect/vitest"
import { extractLines } from "./Engine/fixtures.js"
const T = { issuer: "Name of the company that issued the invoice", customer: "Name of the customer (buyer) billed" }
it("x", () => {
  const show = (lines: string[]) => { const o = extractLines(lines, "invoice", T); console.log(JSON.stringify([(o.issuer as any)?.value, (o.customer as any)?.value])) }
  const head = ["                                          Malerbetrieb Albrecht", "                                          Wolfhager Straße 240 • 34128 Kassel", ""]
  const base = [...head,
    "Malerbetrieb Jens Albrecht • Wolfhager Straße 240 • 34128 Kassel",
    "                                          Rechnungs-Nr.: R-2025-031",
    "Herrn                                     Rechnungsdatum: 17.02.2025",
    "Thomas Wendler                            Kunden-Nr.: 0877",
    "Am Rammelsberg 12                         Ausführung: 10.02.2025–13.02.2025",
    "34131 Kassel", "", "", ""]
  show([...base, "Rechnung R-2025-031", "Bauvorhaben: Wohnung Thomas Wendler, Am Rammelsberg 12, 34131 Kassel"])
  show([...base, "Rechnung R-2025-031", "Sehr geehrter Herr Wendler,"])
  show([...base, "Rechnung R-2025-031", "Bauvorhaben: Wohnung Thomas Wendler, Am Rammelsberg 12, 34131 Kassel", "Sehr geehrter Herr Wendler,", "für die in der Zeit vom 10.02.2025 bis 13.02.2025 ausgeführten Malerarbeiten berechnen wir Ihnen:"])
})
