// Package corpus runs tfdyn import over real aws_dynamodb_table
// configurations written outside this project: the acceptance test
// configurations of the AWS provider, taken from its Go module at a pinned
// version (ProviderModule, fetched through the Go module proxy: nothing of
// it is committed here). Extract turns each configuration function of the
// provider's tests into Terraform source; Verdict says what import does
// with each table in it. The tests compare the verdicts with the committed
// list (testdata/verdicts.txt) and, live, plan every accepted table's
// emitted Terraform against what the original configuration plans.
package corpus
