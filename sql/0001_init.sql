-- Tenants and their API keys (only SHA-256 hashes of keys are stored).
CREATE TABLE tenants (
  id TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  key_hash TEXT NOT NULL UNIQUE,
  label TEXT,
  created_at BIGINT NOT NULL,
  revoked_at BIGINT
);

-- template_data is kept as the exact JSON text the client sent (JSONB would reorder keys).
CREATE TABLE templates (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  document_type TEXT NOT NULL,
  template_data TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted_at BIGINT,
  seq BIGSERIAL
);
CREATE INDEX templates_tenant ON templates (tenant_id, seq) WHERE deleted_at IS NULL;

-- Stored files, content-addressed; the bytes live under DATA_DIR/blobs.
CREATE TABLE blobs (
  sha256 TEXT PRIMARY KEY,
  size BIGINT NOT NULL,
  media_type TEXT,
  created_at BIGINT NOT NULL
);

CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  name TEXT NOT NULL,
  blob_sha256 TEXT NOT NULL REFERENCES blobs (sha256),
  size BIGINT NOT NULL,
  media_type TEXT,
  created_at BIGINT NOT NULL,
  seq BIGSERIAL
);
CREATE INDEX documents_tenant ON documents (tenant_id, seq);
CREATE INDEX documents_blob ON documents (blob_sha256);

-- The cached page model of a document, per reading options. JSON (not JSONB) keeps key order.
CREATE TABLE parses (
  document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  options_key TEXT NOT NULL,
  page_model JSON NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (document_id, options_key)
);

-- One row per extraction run; results keep the coordinate form, in the template's field order.
CREATE TABLE extraction_runs (
  id TEXT PRIMARY KEY,
  document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  template_ids JSON NOT NULL,
  results JSON NOT NULL,
  created_at BIGINT NOT NULL,
  seq BIGSERIAL
);
CREATE INDEX extraction_runs_document ON extraction_runs (document_id, seq);
