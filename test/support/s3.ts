/** A local S3-protocol server (s3rver) with one bucket, for the S3 blob store's tests. */
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import S3rver from "s3rver"

export const S3_BUCKET = "docsplit-test"

/** The credentials s3rver accepts, set for the AWS SDK's default chain (as an operator would set them). */
export const s3Credentials = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" }

export const startS3rver = async () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-s3rver-"))
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET, configs: [] }]
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: s3Credentials.AWS_ACCESS_KEY_ID, secretAccessKey: s3Credentials.AWS_SECRET_ACCESS_KEY }
  })
  return {
    endpoint,
    /** The keys of the objects in the bucket. */
    keys: async (): Promise<Array<string>> =>
      ((await client.send(new ListObjectsV2Command({ Bucket: S3_BUCKET }))).Contents ?? []).map((o) => o.Key!).sort(),
    close: async () => {
      client.destroy()
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    }
  }
}

/** s3rver for the scope of an Effect test, its credentials in the environment meanwhile. */
export const s3rverScoped = Effect.acquireRelease(
  Effect.promise(async () => {
    Object.assign(process.env, s3Credentials)
    return startS3rver()
  }),
  (s3) => Effect.promise(() => s3.close())
)
