-- Jobs waiting or running, counted for /health (the queue's depth).
CREATE INDEX jobs_active ON jobs (status) WHERE status IN ('queued', 'running');
