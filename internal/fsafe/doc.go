// Package fsafe writes files so that nothing the user owns is lost.
//
// Every write goes to a temporary file in the directory of its target
// (named ".<name>.tfdyn-tmp-<pid>-<random>-<check>", the check a hash of the
// other parts, so that no file a user named alike is taken for one), is
// flushed with fsync and then
// renamed over the target, and the directory is synced: a reader, a crash,
// a SIGKILL or a full disk leaves either the old content or the new one, never
// a truncated file. Stage and Commit let a caller write a set of files: every
// file is staged before any is renamed, so that a failed write changes
// nothing. CleanDir removes the temporary files of runs that died before they
// could rename or remove them: a file whose pid is no longer alive, or one
// older than an hour (the pid was reused), never one of a live run.
//
// Inspect is the single rule of ownership shared by emit and doc: tfdyn
// replaces a file only when it starts with a tfdyn generated-code header,
// and never writes through a symbolic link.
//
// ReadRegular (and OpenRegular) is the one way tfdyn reads a file a user
// names: opened once without waiting, checked on the handle, read from
// it, so a named pipe, a device or a file swapped between a check and the
// read is refused instead of blocking.
package fsafe
