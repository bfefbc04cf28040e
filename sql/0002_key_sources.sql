-- Where a key came from: 'env' (API_KEYS, reconciled at every start) or 'cli' (issued by `npm run keys`).
ALTER TABLE api_keys ADD COLUMN source TEXT NOT NULL DEFAULT 'cli';
-- Why a key stopped working: 'revoked' (an operator's decision) or 'removed' (no longer in API_KEYS).
ALTER TABLE api_keys ADD COLUMN revoked_reason TEXT;
UPDATE api_keys SET source = 'env' WHERE label = 'API_KEYS';
UPDATE api_keys SET revoked_reason = 'revoked' WHERE revoked_at IS NOT NULL;
