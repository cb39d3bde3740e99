// Package findings is the output layer shared by validate (lint TD codes),
// plan (DP codes) and verify (VF codes): one Finding type and the CI
// formats written from it — GitHub Actions workflow commands, SARIF 2.1.0,
// JUnit XML and Markdown (a job summary or a pull-request comment). Each
// command keeps its own text and JSON report; everything a CI system reads
// goes through here, so a position in the schema reaches every format the
// same way.
package findings
