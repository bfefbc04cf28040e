-- The bytes of blobs when BLOB_STORE=postgres (empty with the file-system store).
CREATE TABLE blob_data (
  sha256 TEXT PRIMARY KEY,
  data BYTEA NOT NULL
);
