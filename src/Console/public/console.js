// The console's behaviour: the key, templates listed, created, edited and deleted through /v1/templates,
// and tried on a file through the one-shot /v1/documents/extract (stored documents: documents.js).
// User data only ever reaches the page as text nodes (textContent), never as markup.

import { api, listAll, setKey, whenRefused } from "./api.js"
import { refreshDocuments, startDocuments } from "./documents.js"
import { $, checkedValues, fileOrAddress, h, say, show, when } from "./dom.js"
import { dataOf, fieldRow, isJsonSchema, readRows, rowsOf } from "./fields.js"
import { resultView } from "./result.js"

const KEY_NAME = "docsplit.apiKey"

const state = {
  templates: [],
  /** The template being edited; null for a new one. */
  editing: null,
  dirty: false,
  /** How the editor shows the fields: "table" or "json". */
  view: "table"
}

// ---------------------------------------------------------------------------------------------
// The key

/** Back to the key form, with the reason shown. */
const askForKey = (reason = "") => {
  state.dirty = false
  for (const id of ["session", "templates", "editor", "documents", "try"]) show(id, false)
  show("sign-in", true)
  say("key-error", reason)
  $("key").focus()
}

/** The key forgotten (refused, or the user asked). */
const signOut = (reason = "") => {
  sessionStorage.removeItem(KEY_NAME)
  localStorage.removeItem(KEY_NAME)
  setKey(null)
  askForKey(reason)
}

const signIn = async (key, remember) => {
  setKey(key)
  say("key-error")
  try {
    await loadTemplates()
  } catch (error) {
    // A refused key is already forgotten; a server that cannot answer now keeps it for the next try.
    if (error.status !== 401) askForKey(error.message)
    return
  }
  ;(remember ? localStorage : sessionStorage).setItem(KEY_NAME, key)
  $("key").value = ""
  say("key-hint", `Key …${key.slice(-4)}`)
  for (const id of ["session", "templates", "documents", "try"]) show(id, true)
  show("sign-in", false)
  renderTemplates()
  await refreshDocuments()
}

// ---------------------------------------------------------------------------------------------
// Templates

const loadTemplates = async () => {
  state.templates = await listAll("/v1/templates")
}

const refresh = async () => {
  say("list-error")
  try {
    await loadTemplates()
  } catch (error) {
    say("list-error", error.message)
  }
  renderTemplates()
}

/** The top-level field names of either template form. */
const fieldNames = (data) => Object.keys(isJsonSchema(data) ? data.properties : data)

const renderTemplates = () => {
  const body = $("template-table").querySelector("tbody")
  body.replaceChildren(
    ...state.templates.map((t) => {
      const names = fieldNames(t.template_data)
      const shown = names.slice(0, 6).join(", ") + (names.length > 6 ? `, +${names.length - 6} more` : "")
      return h(
        "tr",
        { "data-template-id": t.template_id },
        h("td", { class: "type" }, t.document_type),
        h("td", {}, shown),
        h("td", {}, when(t.template_updated_at)),
        h("td", {}, h("code", {}, t.template_id)),
        h(
          "td",
          { class: "row-actions" },
          h("button", { type: "button", onclick: () => openEditor(t) }, "Edit"),
          h("button", { type: "button", class: "danger", onclick: () => deleteTemplate(t) }, "Delete")
        )
      )
    })
  )
  show("template-table", state.templates.length > 0)
  show("no-templates", state.templates.length === 0)
  renderTemplateChoices()
}

const openEditor = (template) => {
  if (!leaveEditor()) return
  state.editing = template
  say("editor-title", template === null ? "New template" : `Edit template ${template.document_type}`)
  $("document-type").value = template?.document_type ?? ""
  const data = template?.template_data ?? null
  $("template-data").value = data === null ? "" : JSON.stringify(data, null, 2)
  const rows = data === null ? [{ name: "", type: "string", description: "" }] : rowsOf(data)
  if (rows !== undefined) fillTable(rows)
  showFields(rows === undefined ? "json" : "table")
  say("editor-error", rows === undefined ? "This template is a JSON Schema: it is edited as JSON." : "")
  say("list-notice")
  state.dirty = false
  show("editor", true)
  $("document-type").focus()
}

const markDirty = () => {
  state.dirty = true
}

const fillTable = (rows) => {
  $("field-table").querySelector("tbody").replaceChildren(...rows.map((row) => fieldRow(row, markDirty)))
}

const showFields = (view) => {
  state.view = view
  show("fields-table", view === "table")
  show("fields-json", view === "json")
  $("view-table").setAttribute("aria-selected", String(view === "table"))
  $("view-json").setAttribute("aria-selected", String(view === "json"))
}

/** The fields as the active view holds them: template_data, or a message saying what is wrong. */
const currentData = () =>
  state.view === "table"
    ? dataOf(readRows($("field-table").querySelector("tbody")))
    : parseTemplateData($("template-data").value)

const switchFields = (view) => {
  if (view === state.view) return
  const current = currentData()
  if (current.error !== undefined) return say("editor-error", current.error)
  if (view === "json") $("template-data").value = JSON.stringify(current.data, null, 2)
  else {
    const rows = rowsOf(current.data)
    if (rows === undefined) return say("editor-error", "This template is a JSON Schema: it is edited as JSON.")
    fillTable(rows)
  }
  say("editor-error")
  showFields(view)
}

/** Closes the editor, after asking when it holds unsaved changes; false when the user keeps editing. */
const leaveEditor = () => {
  if (!$("editor").hidden && state.dirty && !confirm("Discard the unsaved changes to this template?")) return false
  state.dirty = false
  state.editing = null
  show("editor", false)
  return true
}

/** The editor's JSON, or a message saying where it is broken. */
const parseTemplateData = (text) => {
  if (text.trim() === "") return { error: "The fields are empty: give a JSON object." }
  let data
  try {
    data = JSON.parse(text)
  } catch (error) {
    return { error: `The fields are not valid JSON: ${error.message}` }
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return { error: "The fields must be a JSON object ({…}), not a list or a single value." }
  }
  return { data }
}

const saveTemplate = async (event) => {
  event.preventDefault()
  const documentType = $("document-type").value.trim()
  const parsed = currentData()
  if (parsed.error !== undefined) return say("editor-error", parsed.error)
  if (Object.keys(parsed.data).length === 0) return say("editor-error", "Add at least one field.")
  const body = { document_type: documentType, template_data: parsed.data }
  const editing = state.editing
  $("save-template").disabled = true
  try {
    const saved = editing === null
      ? await api("POST", "/v1/templates", body)
      : await api("PATCH", `/v1/templates/${encodeURIComponent(editing.template_id)}`, body)
    state.dirty = false
    leaveEditor()
    await refresh()
    say("list-notice", `Saved ${saved.document_type} (${saved.template_id}).`)
  } catch (error) {
    say("editor-error", error.status === 404 ? "This template no longer exists (deleted elsewhere)." : error.message)
  } finally {
    $("save-template").disabled = false
  }
}

const deleteTemplate = async (template) => {
  if (!confirm(`Delete the template "${template.document_type}"? It can no longer be used.`)) return
  say("list-notice")
  try {
    await api("DELETE", `/v1/templates/${encodeURIComponent(template.template_id)}`)
    say("list-notice", `Deleted ${template.document_type}.`)
  } catch (error) {
    if (error.status !== 404) return say("list-error", error.message)
    say("list-notice", `${template.document_type} was already deleted.`)
  }
  if (state.editing?.template_id === template.template_id) {
    state.dirty = false
    leaveEditor()
  }
  await refresh()
}

// ---------------------------------------------------------------------------------------------
// Trying templates on a file

/** The checkboxes choosing templates, in the try form and the documents panel; ticks survive a refresh. */
const renderTemplateChoices = () => {
  const only = state.templates.length === 1
  for (const id of ["try-templates", "doc-templates"]) {
    const checked = new Set(checkedValues(id))
    $(id).replaceChildren(
      h("legend", {}, "Templates"),
      ...(state.templates.length === 0
        ? [h("p", {}, "Create a template first.")]
        : state.templates.map((t) =>
          h(
            "label",
            { class: "check" },
            h("input", { type: "checkbox", value: t.template_id, checked: only || checked.has(t.template_id) }),
            ` ${t.document_type}`
          )
        ))
    )
  }
}

const tryTemplates = async (event) => {
  event.preventDefault()
  say("try-error")
  const source = fileOrAddress("try-file", "try-url")
  const ids = checkedValues("try-templates")
  if (source.error !== undefined) return say("try-error", source.error)
  if (ids.length === 0) return say("try-error", "Choose at least one template.")
  const { form, name } = source
  form.append("template_ids", JSON.stringify(ids))
  const query = new URLSearchParams({
    include_coordinates: "true",
    force_exclusive_template: String($("try-exclusive").checked),
    document_layout_analysis: String($("try-layout").checked)
  })
  const started = performance.now()
  const ticker = setInterval(
    () => say("try-status", `Reading ${name}… ${((performance.now() - started) / 1000).toFixed(0)} s`),
    1000
  )
  say("try-status", `Reading ${name}…`)
  $("try-submit").disabled = true
  $("try-result").replaceChildren()
  try {
    const reply = await api("POST", `/v1/documents/extract?${query}`, form)
    say("try-status")
    $("try-result").replaceChildren(...resultView(reply, (performance.now() - started) / 1000))
  } catch (error) {
    say("try-status")
    say("try-error", error.message)
  } finally {
    clearInterval(ticker)
    $("try-submit").disabled = false
  }
}

// ---------------------------------------------------------------------------------------------

const start = () => {
  whenRefused((detail) => signOut(`The key was refused: ${detail}`))
  startDocuments()
  $("key-form").addEventListener("submit", (event) => {
    event.preventDefault()
    const key = $("key").value.trim()
    if (key !== "") signIn(key, $("remember").checked)
  })
  $("forget-key").addEventListener("click", () => {
    if (leaveEditor()) signOut()
  })
  $("new-template").addEventListener("click", () => openEditor(null))
  $("view-table").addEventListener("click", () => switchFields("table"))
  $("view-json").addEventListener("click", () => switchFields("json"))
  $("add-field").addEventListener("click", () => {
    const tbody = $("field-table").querySelector("tbody")
    tbody.append(fieldRow({ name: "", type: "string", description: "" }, markDirty))
    tbody.querySelector("tr:last-child .field-name").focus()
  })
  $("cancel-edit").addEventListener("click", () => leaveEditor())
  $("template-form").addEventListener("submit", saveTemplate)
  $("template-form").addEventListener("input", markDirty)
  $("format-json").addEventListener("click", () => {
    const parsed = parseTemplateData($("template-data").value)
    if (parsed.error !== undefined) return say("editor-error", parsed.error)
    $("template-data").value = JSON.stringify(parsed.data, null, 2)
    say("editor-error")
  })
  $("try-form").addEventListener("submit", tryTemplates)
  window.addEventListener("beforeunload", (event) => {
    if (state.dirty && !$("editor").hidden) event.preventDefault()
  })
  const stored = sessionStorage.getItem(KEY_NAME) ?? localStorage.getItem(KEY_NAME)
  if (stored === null) signOut()
  else signIn(stored, localStorage.getItem(KEY_NAME) !== null)
}

start()
