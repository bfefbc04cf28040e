import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { parseTemplateIdsField } from "../../src/Documents/Templates.js"

describe("parseTemplateIdsField", () => {
  it("reads a JSON array text, a repeated field and a comma list", () => {
    expect(parseTemplateIdsField("[\"t1\",\"t2\"]")).toEqual(Either.right(["t1", "t2"]))
    expect(parseTemplateIdsField(["t1", "t2"])).toEqual(Either.right(["t1", "t2"]))
    expect(parseTemplateIdsField(["[\"t1\"]", "t2,t3"])).toEqual(Either.right(["t1", "t2", "t3"]))
    expect(parseTemplateIdsField(" t1 , t2 ")).toEqual(Either.right(["t1", "t2"]))
    expect(parseTemplateIdsField("[]")).toEqual(Either.right([]))
  })

  it("refuses what is not a list of strings, and says when it is missing", () => {
    expect(parseTemplateIdsField("[1,2]")).toEqual(Either.left("template_ids must be a list of strings"))
    expect(parseTemplateIdsField("{\"a\":1}")).toEqual(Either.left("template_ids must be a list of strings"))
    expect(parseTemplateIdsField("[\"a\"")).toEqual(Either.left("template_ids is not valid JSON"))
    expect(parseTemplateIdsField(undefined)).toEqual(Either.left("template_ids is required"))
  })
})
