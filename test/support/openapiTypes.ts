/**
 * TypeScript types of the OpenAPI document as a client team generates them: openapi-typescript, with
 * binary fields typed as Blob (its documented option for uploads), so a multipart body needs no cast.
 */
import openapiTS, { astToString } from "openapi-typescript"
import ts from "typescript"

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"))

export const HEADER =
  "// Generated from the server's /openapi.json by openapi-typescript (npm run openapi:types); do not edit.\n"

export const generateTypes = async (spec: object): Promise<string> => {
  const ast = await openapiTS(structuredClone(spec) as never, {
    transform: (schema) => (schema.format === "binary" ? BLOB : undefined)
  })
  return HEADER + astToString(ast)
}
