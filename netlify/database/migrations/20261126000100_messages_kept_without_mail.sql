-- A site without a mail account keeps each contact message in the owner's
-- inbox only: status 'kept', never sent, never retried by the mail queue.
ALTER TABLE contact_messages DROP CONSTRAINT contact_messages_status_check;
ALTER TABLE contact_messages ADD CONSTRAINT contact_messages_status_check
  CHECK (status IN ('pending', 'delivered', 'retrying', 'failed', 'kept'));
