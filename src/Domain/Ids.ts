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

const id = (identifier: string, description: string) =>
  Schema.String.pipe(
    Schema.minLength(1, { message: () => "must not be empty" }),
    Schema.maxLength(MAX_ID_LENGTH, { message: () => `must be at most ${MAX_ID_LENGTH} characters` }),
    withoutControlCharacters
  ).annotations({ identifier, description })

export const TemplateId = id("TemplateId", "A template's id, as returned when it was created")

export const DocumentId = id("DocumentId", "A stored document's id, as returned by the upload")
