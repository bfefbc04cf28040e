-- Asynchronous jobs as clients see them (the queue engine, pg-boss, keeps its own tables in the
-- `pgboss` schema and only says which process runs which job when).
CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  kind TEXT NOT NULL,                 -- extraction | split | extract
  status TEXT NOT NULL,               -- queued | running | succeeded | failed | cancelled
  queue_id TEXT NOT NULL,             -- the engine's id of the job
  document_id TEXT,                   -- extraction and split: the stored document
  blob_sha256 TEXT REFERENCES blobs (sha256), -- extract: the uploaded file, kept until the job ends
  file_name TEXT,
  request JSONB NOT NULL,             -- template ids and query options, as the synchronous call takes them
  webhook_url TEXT,
  attempt TEXT,                       -- the running attempt; only it may finish the job
  created_at BIGINT NOT NULL,
  started_at BIGINT,
  finished_at BIGINT,
  pages_read INTEGER,
  pages_total INTEGER,
  sections_done INTEGER,
  sections_total INTEGER,
  result TEXT,                        -- the synchronous call's body, as JSON text
  error_status INTEGER,
  error_detail TEXT,
  webhook_attempts INTEGER NOT NULL DEFAULT 0,
  webhook_last_status INTEGER,
  webhook_delivered_at BIGINT,
  seq BIGSERIAL                       -- submission order (newest first in lists)
);
CREATE INDEX jobs_tenant_seq ON jobs (tenant_id, seq DESC);
CREATE INDEX jobs_blob ON jobs (blob_sha256) WHERE blob_sha256 IS NOT NULL;
CREATE INDEX jobs_finished ON jobs (finished_at) WHERE finished_at IS NOT NULL;

-- A tenant's own webhook signing secret (`npm run keys -- webhook-secret TENANT`); WEBHOOK_SECRET otherwise.
ALTER TABLE tenants ADD COLUMN webhook_secret TEXT;
