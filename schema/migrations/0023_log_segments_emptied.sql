-- A dropped segment leaves the chain at once (dropped_at) and frees its database only once emptied (emptied_at): docs/scaling.md#step-3--segments.
ALTER TABLE `log_segments` ADD `emptied_at` integer;
--> statement-breakpoint
-- Segments dropped before this column existed were emptied in the same step.
UPDATE `log_segments` SET `emptied_at` = `dropped_at` WHERE `dropped_at` IS NOT NULL;
