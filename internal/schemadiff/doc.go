// Package schemadiff compares two versions of a tfdyn schema (BASE, the
// design the data was written with, and HEAD, the design under review) and
// classifies every change by what it does to a live table and its items:
// additive, needs a backfill, breaking for existing items, breaking for
// readers, destructive. Each change has a stable code (SD1xx-SD5xx, listed
// in docs/diff.md), the access patterns it affects and the entities whose
// items must change. Breaking and destructive changes block (exit 1 in
// `tfdyn diff`) unless an acknowledgement with a reason covers them.
//
// A side of the diff is a path (file or directory, read by hclschema.Load)
// or a Git revision, git:REV:PATH, whose files are read from the repository
// with `git` into memory (see Load).
package schemadiff
