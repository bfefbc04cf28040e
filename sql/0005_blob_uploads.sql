-- Uploads to an object store (BLOB_STORE=s3) in progress: an object whose process died before its row
-- was committed is found here and removed.
CREATE TABLE blob_uploads (
  sha256 TEXT NOT NULL,
  token TEXT PRIMARY KEY,
  started_at BIGINT NOT NULL
);
