package hclschema_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/tablespectest"
)

func TestSpecOfTheFullTable(t *testing.T) {
	spec := tablespectest.Full(t).Tables[0].Spec()
	// Ranges are the model's; compare the rest.
	strip := func(keys []hclschema.KeyAttr) []hclschema.KeyAttr {
		out := make([]hclschema.KeyAttr, len(keys))
		for i, k := range keys {
			out[i] = hclschema.KeyAttr{Name: k.Name, Type: k.Type}
		}
		return out
	}
	require.Equal(t, "full.tfdyn.hcl:14,35-39", spec.Key.Partition[0].Range.String())
	spec.Key = hclschema.Key{Partition: strip(spec.Key.Partition), Sort: strip(spec.Key.Sort)}
	for i := range spec.GSIs {
		spec.GSIs[i].Key = hclschema.Key{Partition: strip(spec.GSIs[i].Key.Partition), Sort: strip(spec.GSIs[i].Key.Sort)}
	}
	for i := range spec.LSIs {
		spec.LSIs[i].SortKey = strip([]hclschema.KeyAttr{spec.LSIs[i].SortKey})[0]
	}
	require.Equal(t, hclschema.TableSpec{
		Name:        "full-prod",
		BillingMode: hclschema.Provisioned,
		Capacity:    hclschema.Capacity{Read: 5, Write: 10},
		Key:         hclschema.Key{Partition: []hclschema.KeyAttr{{Name: "PK", Type: "S"}}, Sort: []hclschema.KeyAttr{{Name: "SK", Type: "S"}}},
		GSIs: []hclschema.GSISpec{{
			Name: "ByAccount",
			Key: hclschema.Key{
				Partition: []hclschema.KeyAttr{{Name: "account", Type: "S"}, {Name: "region", Type: "S"}},
				Sort:      []hclschema.KeyAttr{{Name: "day", Type: "S"}, {Name: "seq", Type: "N"}},
			},
			Projection: hclschema.Projection{Type: hclschema.ProjectInclude, NonKeyAttributes: []string{"amount", "memo"}},
			// read_capacity = 2 of its own; write_capacity the table's.
			Capacity: hclschema.Capacity{Read: 2, Write: 10},
			Warm:     &hclschema.Throughput{Read: 13000, Write: 4500},
		}},
		LSIs: []hclschema.LSISpec{{
			Name:       "ByAmount",
			SortKey:    hclschema.KeyAttr{Name: "amount", Type: "N"},
			Projection: hclschema.Projection{Type: hclschema.ProjectInclude, NonKeyAttributes: []string{"memo", "day"}},
		}},
		StreamViewType:      "NEW_AND_OLD_IMAGES",
		TTLAttribute:        "expiresAt",
		PointInTimeRecovery: true,
		DeletionProtection:  true,
		TableClass:          "STANDARD_INFREQUENT_ACCESS",
		SSE:                 &hclschema.SSESpec{KMSKeyARN: "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"},
		Tags:                map[string]string{"team": "ledger"},
		RecoveryDays:        7,
		Warm:                &hclschema.Throughput{Read: 15000, Write: 5000},
		ResourcePolicy:      &hclschema.PolicySpec{Kind: hclschema.PolicyDocument, Text: spec.ResourcePolicy.Text},
	}, spec)
	require.Equal(t, `{"Statement":[{"Action":["dynamodb:GetItem","dynamodb:Query"],"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::111122223333:role/auditor"},"Resource":"*","Sid":"ReadOnlyForAuditors"}],"Version":"2012-10-17"}`, spec.ResourcePolicy.Text, "canonical JSON")
}

func TestSpecOfTheGlobalTable(t *testing.T) {
	spec := tablespectest.Full(t).Tables[1].Spec()
	require.Equal(t, hclschema.PayPerRequest, spec.BillingMode)
	require.Equal(t, &hclschema.Throughput{Read: 2000, Write: 1000}, spec.OnDemand)
	require.Equal(t, &hclschema.Throughput{Read: 500, Write: 250}, spec.GSIs[0].OnDemand)
	require.Nil(t, spec.GSIs[0].Warm)
	require.Equal(t, []hclschema.ReplicaSpec{{Region: "us-west-2", KMSKeyARN: "arn:aws:kms:us-west-2:111122223333:key/5678abcd-12ab-34cd-56ef-1234567890ab",
		PointInTimeRecovery: true, PropagateTags: true, DeletionProtection: true}}, spec.Replicas)
	require.Equal(t, hclschema.MultiRegionStrong, spec.ConsistencyMode)
	require.Equal(t, "us-east-2", spec.WitnessRegion)
	require.Zero(t, spec.RecoveryDays, "no point-in-time recovery, no period")
}

// TestSpecSettingDefaults: point-in-time recovery keeps DynamoDB's 35
// days unless a period is declared; replicas are EVENTUAL unless declared.
func TestSpecSettingDefaults(t *testing.T) {
	s, diags := hclschema.LoadSource("t.tfdyn.hcl", []byte(`
table "t" {
  partition_key          = "PK"
  point_in_time_recovery = true
  stream                 = "NEW_AND_OLD_IMAGES"
  replica "eu-west-1" {}
  resource_policy = data.aws_iam_policy_document.t["x"].json
}
`))
	require.False(t, diags.HasErrors(), diags.Error())
	spec := s.Tables[0].Spec()
	require.Equal(t, int64(35), spec.RecoveryDays)
	require.Equal(t, hclschema.MultiRegionEventual, spec.ConsistencyMode)
	require.Equal(t, []string{"eu-west-1"}, spec.Regions())
	require.Equal(t, &hclschema.PolicySpec{Kind: hclschema.PolicyReference, Text: `data.aws_iam_policy_document.t["x"].json`}, spec.ResourcePolicy)
}

func TestSpecDefaults(t *testing.T) {
	s, diags := hclschema.LoadSource("t.tfdyn.hcl", []byte(`
table "t" {
  partition_key = "PK"
  global_secondary_index "G" {
    partition_key = "GPK"
    projection    = "KEYS_ONLY"
  }
}
table "p" {
  billing_mode   = "PROVISIONED"
  read_capacity  = 4
  write_capacity = 3
  partition_key  = "PK"
  global_secondary_index "G" {
    partition_key = "GPK"
  }
}
`))
	require.False(t, diags.HasErrors(), diags.Error())
	onDemand := s.Tables[0].Spec()
	require.Equal(t, "t", onDemand.Name)
	require.Equal(t, hclschema.PayPerRequest, onDemand.BillingMode)
	require.Equal(t, hclschema.Capacity{}, onDemand.Capacity)
	require.Equal(t, hclschema.Capacity{}, onDemand.GSIs[0].Capacity, "no capacity with PAY_PER_REQUEST")
	require.Equal(t, hclschema.Projection{Type: hclschema.ProjectKeysOnly}, onDemand.GSIs[0].Projection)
	require.Empty(t, onDemand.Key.Sort)
	require.Nil(t, onDemand.SSE)
	require.Nil(t, onDemand.Tags)
	require.Equal(t, "STANDARD", onDemand.TableClass)
	require.Equal(t, []hclschema.KeyElement{{Name: "PK", KeyType: "HASH", Type: "S"}}, onDemand.Key.Elements())
	require.Equal(t, []string{"G"}, onDemand.GSINames())
	require.Equal(t, []string{}, onDemand.LSINames())

	provisioned := s.Tables[1].Spec()
	require.Equal(t, hclschema.Capacity{Read: 4, Write: 3}, provisioned.Capacity)
	require.Equal(t, hclschema.Capacity{Read: 4, Write: 3}, provisioned.GSIs[0].Capacity, "a GSI without capacity inherits the table's")
	require.Equal(t, hclschema.ProjectAll, provisioned.GSIs[0].Projection.Type)
}

// TestSpecIsACopy: changing a spec leaves the model (and the next spec)
// alone.
func TestSpecIsACopy(t *testing.T) {
	tbl := tablespectest.Full(t).Tables[0]
	spec := tbl.Spec()
	spec.Tags["team"] = "other"
	spec.GSIs[0].Key.Partition[0].Name = "other"
	spec.GSIs[0].Projection.NonKeyAttributes[0] = "other"
	spec.SSE.KMSKeyARN = "other"
	again := tbl.Spec()
	require.Equal(t, "ledger", again.Tags["team"])
	require.Equal(t, "account", again.GSIs[0].Key.Partition[0].Name)
	require.Equal(t, "amount", again.GSIs[0].Projection.NonKeyAttributes[0])
	require.Equal(t, "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab", again.SSE.KMSKeyARN)
}

// TestSpecAttributes: the attribute definitions are every key attribute
// once, sorted, LSI sort keys included.
func TestSpecAttributes(t *testing.T) {
	spec := tablespectest.Full(t).Tables[0].Spec()
	var got []string
	for _, a := range spec.Attributes() {
		got = append(got, a.Name+":"+a.Type)
	}
	require.Equal(t, []string{"PK:S", "SK:S", "account:S", "amount:N", "day:S", "region:S", "seq:N"}, got)
	require.Equal(t, tablespectest.Full(t).Tables[0].KeyAttributes(), spec.Attributes())
}
