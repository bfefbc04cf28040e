// Calls to this server's /v1 API with the key the user typed in; a failure carries the server's `detail`.

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail)
    this.status = status
  }
}

const session = {
  key: null,
  /** Called when the server refuses the key (401), with its detail. */
  refused: (_detail) => {}
}

export const setKey = (key) => {
  session.key = key
}

export const whenRefused = (handler) => {
  session.refused = handler
}

/** Calls the API; answers the parsed JSON (undefined for an empty body), or fails with an ApiError. */
export const api = async (method, path, body) => {
  const headers = { "x-api-key": session.key ?? "" }
  let payload
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers["content-type"] = "application/json"
    payload = JSON.stringify(body)
  }
  let response
  try {
    response = await fetch(path, { method, headers, body: payload })
  } catch {
    throw new ApiError(0, "The server cannot be reached.")
  }
  const text = await response.text()
  let json
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (!response.ok) {
    const detail = typeof json?.detail === "string" ? json.detail : `${response.status} ${response.statusText}`
    if (response.status === 401) session.refused(detail)
    throw new ApiError(response.status, detail)
  }
  return json
}

const PAGE_SIZE = 1000

/** Every item of a list endpoint (templates, documents), oldest first, fetched page by page. */
export const listAll = async (path) => {
  const all = []
  for (let offset = 0;; offset += PAGE_SIZE) {
    const page = await api("GET", `${path}?limit=${PAGE_SIZE}&offset=${offset}`)
    all.push(...page)
    if (page.length < PAGE_SIZE) return all
  }
}
