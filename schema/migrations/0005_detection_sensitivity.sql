-- Settings → Red Flag Detection Rules: how sure the detector must be before a finding counts
-- (strict | balanced | lenient), applied at ingestion.
ALTER TABLE `org_settings` ADD `sensitivity` text DEFAULT 'balanced' NOT NULL;
