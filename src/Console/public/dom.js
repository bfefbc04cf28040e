// Small DOM helpers shared by the console's modules.

export const $ = (id) => document.getElementById(id)

/** An element with attributes (or properties for event handlers) and children (strings become text). */
export const h = (tag, attributes = {}, ...children) => {
  const svg = ["svg", "rect", "title", "g"].includes(tag)
  const el = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value)
    else el.setAttribute(name, value === true ? "" : String(value))
  }
  for (const child of children.flat()) if (child !== undefined && child !== null) el.append(child)
  return el
}

export const show = (id, visible) => {
  $(id).hidden = !visible
}

export const say = (id, text = "") => {
  $(id).textContent = text
}

/** The values of the ticked checkboxes inside an element. */
export const checkedValues = (id) => [...$(id).querySelectorAll("input[type=checkbox]:checked")].map((i) => i.value)

/** A time in seconds since the epoch, in the reader's locale. */
export const when = (seconds) => new Date(seconds * 1000).toLocaleString()

/** A form holding the chosen file or the typed address (never both) and a name for it; or what is wrong. */
export const fileOrAddress = (fileId, urlId) => {
  const file = $(fileId).files[0]
  const url = $(urlId).value.trim()
  if (file === undefined && url === "") return { error: "Choose a file or give its address." }
  if (file !== undefined && url !== "") return { error: "Give a file or an address, not both." }
  const form = new FormData()
  if (file !== undefined) form.append("file", file)
  else form.append("url", url)
  return { form, name: file?.name ?? url }
}
