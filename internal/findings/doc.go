// Package findings is the findings pipeline of every command that reports
// findings — validate (lint TD codes), plan (DP codes), verify (VF codes)
// and diff (SD codes): a command hands it a Report (its findings, its rule
// list, the files it checked, its timing) and the registry of formats
// (format.go) writes it as text, JSON, GitHub Actions workflow commands,
// JUnit XML, SARIF 2.1.0 or Markdown (a job summary or a pull-request
// comment). A command with its own form of a format (plan's text report,
// verify's JUnit suites, diff's Markdown) sets it in Report.Own. A new
// format is one file with its writer and one line in the registry; a
// position in the schema reaches every format the same way.
package findings
