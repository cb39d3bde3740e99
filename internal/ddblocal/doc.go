// Package ddblocal is tfdyn's local target: DynamoDB Local behind a thin
// HTTP compatibility layer, so that real Terraform with the real AWS
// provider (5.100.0 and 6.x) can apply, plan and destroy tables against it
// and the SDK can query them.
//
// Start runs `java <JVMFlags> -Djava.io.tmpdir=<its own dir>
// -Djava.library.path=<dir>/DynamoDBLocal_lib -jar DynamoDBLocal.jar
// -inMemory -port <p>` (or `docker run amazon/dynamodb-local` with
// Options.Docker) on a free loopback port, in its own process group and, on
// Linux, with a parent-death signal, so no Java process outlives the Go
// process that started it, even one killed with SIGKILL. The JVM's temp dir
// (where DynamoDB Local extracts its SQLite library) is removed by Stop, or
// by a later Start once its owner is gone. The layer listens on another
// loopback port: Endpoint. Stop ends both; Serve is the loop behind `tfdyn local`; ddblocaltest.Start gives a
// test a target that is stopped with the test.
//
//	target, err := ddblocal.Start(ctx, ddblocal.Options{})
//	if err != nil { ... }
//	defer target.Stop()
//	client, _ := target.NewClient(ctx)   // aws-sdk-go-v2 DynamoDB client
//	fmt.Print(target.ProviderBlock())    // provider "aws" { ... endpoints { dynamodb = ... } }
//
// DynamoDB Local keeps one namespace per access key and region: Terraform
// and SDK clients must use the target's Region, AccessKey and SecretKey.
//
// # The compatibility layer
//
// Every request is passed through unchanged except these (Emulated lists
// them for reports):
//
//   - CreateTable, DescribeTable, UpdateTable and DeleteTable answers get
//     WarmThroughput {ReadUnitsPerSecond 12000, WriteUnitsPerSecond 4000,
//     Status} on the table and on every GSI, where missing. The AWS
//     provider >= 6.13 polls for WarmThroughput.Status after CreateTable
//     and gives up after ~2.5 minutes without it. 12000/4000 are the values
//     AWS reports for tables without configured warm throughput, which the
//     provider reads as "not set". Status follows TableStatus/IndexStatus.
//   - GSI descriptions get ProvisionedThroughput {0, 0} where DynamoDB Local
//     leaves it out (GSIs of on-demand tables); DynamoDB answers so. The AWS
//     provider 5.x sets a GSI's name only when that field is present, so
//     without it every plan against DynamoDB Local shows a GSI change.
//   - TagResource, UntagResource and ListTagsOfResource (which DynamoDB
//     Local rejects) are answered by the layer, per table ARN; Tags passed
//     to CreateTable (which DynamoDB Local accepts and ignores) are kept; a
//     successful DeleteTable drops them.
//   - UpdateContinuousBackups and DescribeContinuousBackups (unknown to
//     DynamoDB Local) are answered by the layer: ContinuousBackupsStatus
//     ENABLED, PITR ENABLED with RecoveryPeriodInDays (default 35) or
//     DISABLED, per table.
//   - SSESpecification of CreateTable and UpdateTable (which DynamoDB Local
//     accepts and ignores) is recorded, and table descriptions get
//     SSEDescription {Status ENABLED, SSEType KMS, KMSMasterKeyArn}; the
//     KMS key ARN is the given key or the emulated AWS managed key.
//     Nothing is encrypted.
//   - TableClass of CreateTable and UpdateTable (ignored by DynamoDB Local)
//     is recorded and reported as TableClassSummary.
//   - An UpdateTable that changes only SSE or table class is answered by
//     the layer from DescribeTable (DynamoDB Local would answer "Nothing to
//     update"); otherwise those two fields are removed before forwarding.
//   - KMS DescribeKey of alias/aws/dynamodb is answered (the provider looks
//     up the AWS managed key when it reads a table with SSE, to hide it from
//     the plan); ProviderBlock points the provider's kms endpoint at the
//     layer for that. Other KMS calls fail with UnsupportedOperationException.
//
// Table existence is always DynamoDB Local's answer: the tag and backup
// operations first ask it with DescribeTable and pass its
// ResourceNotFoundException on. State the layer keeps lives in memory with
// the target, like DynamoDB Local's own data (-inMemory).
//
// Answers the layer changes or makes carry a recomputed x-amz-crc32 (CRC32
// IEEE of the body, which the SDK validates) and Content-Length; for those
// requests Accept-Encoding is dropped so that the body is never gzipped.
// Pass-through answers are streamed back byte for byte.
//
// # Limitations
//
// Warm throughput, on-demand throughput limits, resource policies, Kinesis
// streaming destinations, contributor insights, backups, imports, exports
// and global table replicas are not emulated: the provider's calls for them
// get DynamoDB Local's own answer (often UnknownOperationException), which
// is fine for tables that do not configure them. With Options.Docker the
// container is removed by Stop, but not when the Go process is killed with
// SIGKILL.
package ddblocal
