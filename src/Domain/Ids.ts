/**
 * Ids and one-line labels as clients send them. Control characters are refused here, at the API's
 * schemas: PostgreSQL cannot store NUL in text, and no person means a control character in a name.
 */
import { Schema } from "effect"

/** Longer ids cannot be ours (ours are a prefix and 22 characters); the bound also keeps details short. */
export const MAX_ID_LENGTH = 200

/** Refuses C0 control characters and DEL (NUL, tab, line breaks, escapes). */
export const withoutControlCharacters = <A extends string, I, R>(self: Schema.Schema<A, I, R>) =>
  self.pipe(Schema.pattern(/^[^\u0000-\u001f\u007f]*$/, {
    message: () => "must not contain control characters (such as NUL or line breaks)"
  }))

const id = (identifier: string, description: string, example: string) =>
  Schema.String.pipe(
    Schema.minLength(1, { message: () => "must not be empty" }),
    Schema.maxLength(MAX_ID_LENGTH, { message: () => `must be at most ${MAX_ID_LENGTH} characters` }),
    withoutControlCharacters
  ).annotations({ identifier, title: identifier, description, examples: [example] })

export const TemplateId = id(
  "TemplateId",
  "A template's id, as returned when it was created",
  "tpl_Vd2xQ8mK3LpZr7Tn1BcYwA"
)

export const DocumentId = id(
  "DocumentId",
  "A stored document's id, as returned by the upload",
  "doc_3fK2m9QxT1aZ8cVbN4pLrw"
)

export const JobId = id(
  "JobId",
  "A job's id, as a 202 answer gave it (also the end of its Location header)",
  "job_AqebCalzw_ot8XlAC1yW0A"
)
