// Package migrate is tfdyn migrate: the data side of a schema change. From
// two versions of a schema (BASE, the design the stored items were written
// with, and HEAD) it derives the data plan (Build): per entity, which index
// key attributes its items gain, change or lose (HEAD's templates
// recomputed, sparse membership re-evaluated), how its items are found (the
// literal prefixes of its BASE key templates, each item confirmed by
// recomputing its BASE key), and what cannot be migrated in place (a
// changed primary key needs a table copy). Run counts the items a plan
// touches (a dry run) or rewrites them: a parallel segmented Scan,
// conditional UpdateItems that only touch items still in BASE's shape
// (idempotent, re-runnable, safe with concurrent writers), a rate limit,
// progress, and a checkpoint to resume after an interruption. Check proves
// a migrated table correct for HEAD: every item classified (in HEAD's
// shape, not migrated, half-migrated, of no entity) and every HEAD access
// pattern run live (dynamo.Query) against the oracle over the scanned items.
package migrate
