-- When the text of a draft was typed, by the browser's clock (milliseconds
-- since 1970), as its page sent it: a save that reaches the server after a
-- newer one (an autosave still on its way when the tab closed and sent the
-- last keystrokes) is older work and does not replace it. Null for a draft
-- saved without that time (no JavaScript: no autosave races it).
ALTER TABLE content_drafts ADD COLUMN typed_at bigint;
