package tablespectest_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/stretchr/testify/require"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/tablespectest"
)

func TestFieldsNameEverySetting(t *testing.T) {
	require.Equal(t, []string{
		"Name", "BillingMode", "Capacity.Read", "Capacity.Write",
		"Key.Partition.Name", "Key.Partition.Type", "Key.Sort.Name", "Key.Sort.Type",
		"GSIs.Name", "GSIs.Key.Partition.Name", "GSIs.Key.Partition.Type", "GSIs.Key.Sort.Name", "GSIs.Key.Sort.Type",
		"GSIs.Projection.Type", "GSIs.Projection.NonKeyAttributes", "GSIs.Capacity.Read", "GSIs.Capacity.Write",
		"GSIs.OnDemand", "GSIs.OnDemand.Read", "GSIs.OnDemand.Write", "GSIs.Warm", "GSIs.Warm.Read", "GSIs.Warm.Write",
		"LSIs.Name", "LSIs.SortKey.Name", "LSIs.SortKey.Type", "LSIs.Projection.Type", "LSIs.Projection.NonKeyAttributes",
		"StreamViewType", "TTLAttribute", "PointInTimeRecovery", "DeletionProtection", "TableClass",
		"SSE", "SSE.KMSKeyARN", "Tags",
		"RecoveryDays", "OnDemand", "OnDemand.Read", "OnDemand.Write", "Warm", "Warm.Read", "Warm.Write",
		"Replicas.Region", "Replicas.KMSKeyARN", "Replicas.PointInTimeRecovery", "Replicas.PropagateTags", "Replicas.DeletionProtection",
		"ConsistencyMode", "WitnessRegion", "ResourcePolicy", "ResourcePolicy.Kind", "ResourcePolicy.Text",
	}, tablespectest.Fields(t))
}

// TestMutationsCoverEveryField: every field is changed in some full table.
func TestMutationsCoverEveryField(t *testing.T) {
	mutated := map[string]bool{}
	for _, s := range tablespectest.Specs(t) {
		for _, m := range tablespectest.Mutations(t, s) {
			mutated[m.Field] = true
		}
	}
	for _, f := range tablespectest.Fields(t) {
		require.True(t, mutated[f], "no full table lets %s be changed", f)
	}
}

func TestMutationsChangeOneFieldOfACopy(t *testing.T) {
	base := tablespectest.Spec(t, "full-prod")
	before := tablespectest.Spec(t, "full-prod")
	for _, m := range tablespectest.Mutations(t, base) {
		require.False(t, reflect.DeepEqual(base, m.Spec), "%s: the mutation changes nothing", m.Field)
	}
	require.Equal(t, before, base, "Mutations must not change the base spec")

	byField := map[string]hclschema.TableSpec{}
	for _, m := range tablespectest.Mutations(t, base) {
		byField[m.Field] = m.Spec
	}
	// The last element of a slice changes: the GSI's second partition
	// attribute, the LSI's second INCLUDE attribute.
	require.Equal(t, []string{"account", "region2"}, byField["GSIs.Key.Partition.Name"].GSIs[0].Key.PartitionNames())
	require.Equal(t, []string{"memo", "day2"}, byField["LSIs.Projection.NonKeyAttributes"].LSIs[0].Projection.NonKeyAttributes)
	require.Equal(t, hclschema.Capacity{Read: 3, Write: 10}, byField["GSIs.Capacity.Read"].GSIs[0].Capacity)
	require.Nil(t, byField["SSE"].SSE)
	require.Equal(t, "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab2", byField["SSE.KMSKeyARN"].SSE.KMSKeyARN)
	require.Equal(t, map[string]string{"team": "ledger", "tfdyn-mutated": "yes"}, byField["Tags"].Tags)
	require.False(t, byField["PointInTimeRecovery"].PointInTimeRecovery)
	require.Equal(t, hclschema.TypeS, byField["GSIs.Key.Sort.Type"].GSIs[0].Key.Sort[1].Type, "a closed set takes its next value: N to S")
	require.Equal(t, hclschema.PolicyReference, byField["ResourcePolicy.Kind"].ResourcePolicy.Kind)

	global := tablespectest.Spec(t, "global-prod")
	for _, m := range tablespectest.Mutations(t, global) {
		if m.Field == "ConsistencyMode" {
			require.Equal(t, hclschema.MultiRegionEventual, m.Spec.ConsistencyMode)
		}
	}
}

// TestFullSetsEveryField: every setting of the spec differs from the zero
// value of its type in some full table, so that a producer that does not
// read a setting gives a spec that differs from Full's (CheckRead).
func TestFullSetsEveryField(t *testing.T) {
	set := map[string]bool{}
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				f := v.Type().Field(i)
				if f.IsExported() && f.Type != reflect.TypeOf(hcl.Range{}) && f.Tag.Get("tablespec") != "source" {
					walk(v.Field(i), strings.TrimPrefix(path+"."+f.Name, "."))
				}
			}
		case reflect.Pointer:
			if !v.IsNil() {
				set[path] = true
				walk(v.Elem(), path)
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i), path)
			}
		default:
			if !v.IsZero() {
				set[path] = true
			}
		}
	}
	for _, s := range tablespectest.Specs(t) {
		walk(reflect.ValueOf(s), "")
	}
	for _, f := range tablespectest.Fields(t) {
		require.True(t, set[f], "%s has its zero value in every table of full.tfdyn.hcl: set it in one, so that a reader that leaves it out is caught", f)
	}
}

// TestDifferences names the fields in which two specs differ.
func TestDifferences(t *testing.T) {
	base := tablespectest.Spec(t, "full-prod")
	require.Empty(t, tablespectest.Differences(base, tablespectest.Spec(t, "full-prod")))
	for _, m := range tablespectest.Mutations(t, base) {
		d := tablespectest.Differences(base, m.Spec)
		require.Contains(t, d, m.Field, "mutation %s", m.Field)
	}
	noGSI := tablespectest.Spec(t, "full-prod")
	noGSI.GSIs = nil
	d := tablespectest.Differences(base, noGSI)
	require.Equal(t, "got 0 elements, want 1", d["GSIs.Key.Sort.Type"])
	require.Len(t, d, 15)
	seqAsString := tablespectest.Spec(t, "full-prod")
	seqAsString.GSIs[0].Key.Sort[1].Type = hclschema.TypeS
	require.Equal(t, map[string]string{"GSIs.Key.Sort.Type": `got "S", want "N"`}, tablespectest.Differences(base, seqAsString))
}
