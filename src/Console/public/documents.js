// The documents panel: the tenant's stored documents listed, stored (a file or an address), extracted
// with the chosen templates (each run is stored), their runs shown, and deleted.
import { api, listAll } from "./api.js"
import { $, checkedValues, fileOrAddress, h, say, show, when } from "./dom.js"
import { leaves, valuesTable } from "./result.js"

export const refreshDocuments = async () => {
  say("doc-error")
  let documents
  try {
    documents = await listAll("/v1/documents")
  } catch (error) {
    return say("doc-error", error.message)
  }
  $("document-table").querySelector("tbody").replaceChildren(
    ...documents.map((d) =>
      h(
        "tr",
        { "data-document-id": d.document_id },
        h("td", { class: "type" }, d.document_name),
        h("td", {}, when(d.document_created_at)),
        h("td", {}, h("code", {}, d.document_id)),
        h(
          "td",
          { class: "row-actions" },
          h("button", { type: "button", onclick: () => extract(d) }, "Extract"),
          h("button", { type: "button", onclick: () => showRuns(d) }, "Results"),
          h("button", { type: "button", class: "danger", onclick: () => remove(d) }, "Delete")
        )
      )
    )
  )
  show("document-table", documents.length > 0)
  show("no-documents", documents.length === 0)
}

/** The busy state of the panel's buttons while a request runs. */
const busy = async (text, work) => {
  const buttons = [...$("documents").querySelectorAll("button")]
  for (const b of buttons) b.disabled = true
  say("doc-error")
  say("doc-notice", text)
  try {
    return await work()
  } catch (error) {
    say("doc-notice")
    say("doc-error", error.message)
    return undefined
  } finally {
    for (const b of buttons) b.disabled = false
  }
}

const store = async (event) => {
  event.preventDefault()
  const source = fileOrAddress("upload-file", "upload-url")
  if (source.error !== undefined) return say("doc-error", source.error)
  const stored = await busy(`Storing ${source.name}…`, () => api("POST", "/v1/documents", source.form))
  if (stored === undefined) return
  $("upload-form").reset()
  say("doc-notice", `Stored ${stored.document_name} (${stored.document_id}).`)
  await refreshDocuments()
}

/** One run's sections, each with its values and the page each came from. */
const runView = (title, sections) =>
  h(
    "article",
    { class: "section" },
    h("h3", {}, title),
    sections.length === 0 ? h("p", {}, "No section fitted the chosen templates.") : undefined,
    sections.map((section) =>
      h(
        "div",
        { class: "run-section" },
        h(
          "h4",
          {},
          `${section.document_type}, ${section.pages.length === 1 ? "page" : "pages"} ${section.pages.join(", ")}`
        ),
        valuesTable(leaves(section.extracted, ""))
      )
    )
  )

const extract = async (doc) => {
  const ids = checkedValues("doc-templates")
  if (ids.length === 0) return say("doc-error", "Choose at least one template to extract with.")
  const sections = await busy(
    `Extracting ${doc.document_name}…`,
    () =>
      api("POST", `/v1/documents/${encodeURIComponent(doc.document_id)}/extraction?include_coordinates=true`, {
        template_ids: ids
      })
  )
  if (sections === undefined) return
  say("doc-notice", `Extracted ${doc.document_name}; the run is stored.`)
  $("document-runs").replaceChildren(runView(`${doc.document_name}: this run`, sections))
}

const showRuns = async (doc) => {
  const runs = await busy(
    `Reading the runs of ${doc.document_name}…`,
    () => api("GET", `/v1/documents/${encodeURIComponent(doc.document_id)}?include_coordinates=true`)
  )
  if (runs === undefined) return
  say("doc-notice")
  $("document-runs").replaceChildren(
    runs.length === 0
      ? h("p", {}, `${doc.document_name} has not been extracted yet.`)
      : h(
        "div",
        {},
        runs.map((run, i) => runView(`${doc.document_name}: run ${i + 1}, ${when(run.extracted_at)}`, run.results))
      )
  )
}

const remove = async (doc) => {
  if (!confirm(`Delete ${doc.document_name}? Its file and every stored result are removed.`)) return
  const done = await busy(`Deleting ${doc.document_name}…`, async () => {
    await api("DELETE", `/v1/documents/${encodeURIComponent(doc.document_id)}`)
    return true
  })
  if (done === undefined) return
  say("doc-notice", `Deleted ${doc.document_name}.`)
  $("document-runs").replaceChildren()
  await refreshDocuments()
}

export const startDocuments = () => {
  $("upload-form").addEventListener("submit", store)
}
