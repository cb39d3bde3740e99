package dynamo

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// Config says which DynamoDB a client talks to.
type Config struct {
	// Endpoint is the URL of a DynamoDB-compatible endpoint (DynamoDB
	// Local, tfdyn local); empty for AWS.
	Endpoint string
	// Region is the region; for an endpoint it defaults to us-east-1, for
	// AWS it comes from the default chain (AWS_REGION, the profile) when
	// empty.
	Region string
	// AccessKey and SecretKey are an endpoint's static credentials. When
	// empty they are AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY when set,
	// else tfdyn's local ones ("tfdyn"): DynamoDB Local scopes its tables
	// by access key and region, so terraform and the client must agree.
	AccessKey, SecretKey string
	// RetryMaxAttempts bounds the SDK's attempts per call (0: the SDK's
	// default).
	RetryMaxAttempts int
}

// LocalAccessKey is the access key (and secret) tfdyn uses with local
// endpoints when none is given.
const LocalAccessKey = "tfdyn"

// DefaultEndpointRegion is an endpoint's region when none is given.
const DefaultEndpointRegion = "us-east-1"

// ErrNoRegion is returned for AWS when neither Config.Region nor the
// default chain names a region.
var ErrNoRegion = errors.New("no AWS region: set --region or AWS_REGION")

// NewClient returns the DynamoDB client for c and where it points (the
// endpoint, or "aws:REGION"). An endpoint gets static credentials and no
// validation of response checksums (DynamoDB Local's error answers carry
// no x-amz-crc32, and the SDK would log a warning for each); AWS gets the
// default credential chain. optFns may change any option of the client.
func NewClient(ctx context.Context, c Config, optFns ...func(*dynamodb.Options)) (*dynamodb.Client, string, error) {
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	if c.Endpoint != "" {
		region, key, secret := endpointAuth(c)
		opts := dynamodb.Options{
			Region:                          region,
			BaseEndpoint:                    aws.String(c.Endpoint),
			Credentials:                     staticCredentials(key, secret),
			DisableValidateResponseChecksum: true,
			RetryMaxAttempts:                c.RetryMaxAttempts,
		}
		return dynamodb.New(opts, optFns...), c.Endpoint, nil
	}
	cfg, err := awsConfig(ctx, c)
	if err != nil {
		return nil, "", err
	}
	return dynamodb.NewFromConfig(cfg, optFns...), "aws:" + cfg.Region, nil
}

// endpointAuth is an endpoint's region and static credentials (Config's
// defaults applied).
func endpointAuth(c Config) (region, key, secret string) {
	region = c.Region
	if region == "" {
		region = DefaultEndpointRegion
	}
	key, secret = c.AccessKey, c.SecretKey
	if key == "" {
		key, secret = os.Getenv("AWS_ACCESS_KEY_ID"), os.Getenv("AWS_SECRET_ACCESS_KEY")
	}
	if key == "" {
		key, secret = LocalAccessKey, LocalAccessKey
	}
	return region, key, secret
}

func staticCredentials(key, secret string) aws.CredentialsProvider {
	return credentials.NewStaticCredentialsProvider(key, secret, "")
}

// awsConfig loads AWS's default configuration chain with c's region and
// retries; ErrNoRegion when no region is found.
func awsConfig(ctx context.Context, c Config) (aws.Config, error) {
	var loadFns []func(*awsconfig.LoadOptions) error
	if c.Region != "" {
		loadFns = append(loadFns, awsconfig.WithRegion(c.Region))
	}
	if c.RetryMaxAttempts > 0 {
		loadFns = append(loadFns, awsconfig.WithRetryMaxAttempts(c.RetryMaxAttempts))
	}
	cfg, err := awsconfig.LoadDefaultConfig(ctx, loadFns...)
	if err != nil {
		return aws.Config{}, fmt.Errorf("AWS credentials: %w", err)
	}
	if cfg.Region == "" {
		return aws.Config{}, ErrNoRegion
	}
	return cfg, nil
}
