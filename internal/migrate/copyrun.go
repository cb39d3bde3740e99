package migrate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// ErrCopy is returned (wrapped, with the reason) when a copy cannot start:
// its target is missing, has another key schema or holds foreign items,
// or BASE has no stream for the catch-up. Nothing is written then.
var ErrCopy = errors.New("the copy cannot start")

// target is the table a copy writes into.
type target struct {
	client *dynamodb.Client
	name   string
	id     TableIdentity
	// keys are the target's primary key attributes (HEAD's).
	keys []hclschema.KeyAttr
	// stream is BASE's stream ARN at the start.
	stream string
}

// openTarget checks the copy's target (it exists, with HEAD's key schema,
// and is not BASE) and BASE's stream (NEW_AND_OLD_IMAGES, which the
// catch-up needs to compute HEAD's keys of deleted and changed items).
func openTarget(ctx context.Context, cp *CopyPlan, opts Options, baseID TableIdentity) (*target, error) {
	if opts.Target == "" {
		return nil, fmt.Errorf("%w: table %q is copied: give the target table (--to-table NAME), created from HEAD's schema", ErrCopy, opts.Table)
	}
	if opts.Target == opts.Table {
		return nil, fmt.Errorf("%w: the target %q is BASE's table itself: a copy writes into a new table (--to-table NAME)", ErrCopy, opts.Target)
	}
	base, err := describe(ctx, opts.Client, opts.Table)
	if err != nil {
		return nil, err
	}
	spec := base.StreamSpecification
	switch {
	case spec == nil || !aws.ToBool(spec.StreamEnabled) || aws.ToString(base.LatestStreamArn) == "":
		return nil, fmt.Errorf("%w: table %q has no stream, and the catch-up reads the writes made during the copy from it: turn it on in BASE's schema (stream = %q) and apply that first", ErrCopy, opts.Table, dynamo.ViewNewAndOldImages)
	case string(spec.StreamViewType) != dynamo.ViewNewAndOldImages:
		return nil, fmt.Errorf("%w: the stream of table %q has view type %s; the catch-up needs %s (the old image gives the target key of a deleted or re-keyed item): change it in BASE's schema and apply that first", ErrCopy, opts.Table, spec.StreamViewType, dynamo.ViewNewAndOldImages)
	}
	t := &target{client: opts.Client, name: opts.Target, keys: cp.head.Primary.KeyAttrs(), stream: aws.ToString(base.LatestStreamArn)}
	desc, err := describe(ctx, opts.Client, opts.Target)
	if err != nil {
		var nf *types.ResourceNotFoundException
		if errors.As(err, &nf) {
			return nil, fmt.Errorf("%w: the target table %q does not exist: create it from HEAD's schema first (tfdyn emit, or tfdyn migrate --emit terraform)", ErrCopy, opts.Target)
		}
		return nil, err
	}
	if got, want := keySchemaText(desc), keysText(t.keys); got != want {
		return nil, fmt.Errorf("%w: the target table %q has the key %s, HEAD's table %q has %s", ErrCopy, opts.Target, got, cp.Table, want)
	}
	t.id = TableIdentity{ARN: aws.ToString(desc.TableArn), Created: aws.ToTime(desc.CreationDateTime).UTC()}
	if t.id.ARN == baseID.ARN {
		return nil, fmt.Errorf("%w: the target %q is BASE's table itself", ErrCopy, opts.Target)
	}
	return t, nil
}

func describe(ctx context.Context, c *dynamodb.Client, name string) (*types.TableDescription, error) {
	out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		return nil, fmt.Errorf("migrate: describe table %q: %w", name, err)
	}
	return out.Table, nil
}

// keySchemaText renders a table's primary key: PK (S), SK (S).
func keySchemaText(d *types.TableDescription) string {
	typ := map[string]string{}
	for _, a := range d.AttributeDefinitions {
		typ[aws.ToString(a.AttributeName)] = string(a.AttributeType)
	}
	var parts []string
	for _, kt := range []types.KeyType{types.KeyTypeHash, types.KeyTypeRange} {
		for _, k := range d.KeySchema {
			if k.KeyType == kt {
				n := aws.ToString(k.AttributeName)
				parts = append(parts, fmt.Sprintf("%s (%s)", n, typ[n]))
			}
		}
	}
	return strings.Join(parts, ", ")
}

func keysText(keys []hclschema.KeyAttr) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s (%s)", k.Name, k.Type)
	}
	return strings.Join(parts, ", ")
}

// empty fails unless the target holds no item: a new copy starts from an
// empty table, so that every item in it is BASE's.
func (t *target) empty(ctx context.Context) error {
	items, _, err := dynamo.ScanPage(ctx, t.client, dynamo.ScanRequest{Table: t.name, Limit: 1, ConsistentRead: true})
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if len(items) > 0 {
		return fmt.Errorf("%w: the target table %q already holds items (%s) and no copy into it is recorded: a copy starts from an empty table, so that every item in it is a copy of BASE's; empty it or give another --to-table",
			ErrCopy, t.name, "{"+strings.Join(dynamo.KeyParts(items[0], t.keys), ", ")+"}")
	}
	return nil
}

// pk is the target's partition key attribute.
func (t *target) pk() string { return t.keys[0].Name }

// copyItem copies one scanned item into the target: a put that only
// writes where the target holds nothing under the item's HEAD key, so that
// a newer write the catch-up applied, a tombstone of a delete and an
// earlier run's copy are all kept.
func (r *runner) copyItem(ctx context.Context, item map[string]types.AttributeValue, pr *pageResult) error {
	pr.scanned++
	ci, err := r.copy.headItem(item)
	switch {
	case ci.n == 0:
		pr.unknown++
		pr.errors = append(pr.errors, fmt.Sprintf("%s: of no BASE entity: not copied", keyString(item, r.all)))
		return nil
	case ci.n > 1:
		pr.ambiguous++
		pr.errors = append(pr.errors, fmt.Sprintf("%s: of several BASE entities: not copied", keyString(item, r.all)))
		return nil
	}
	c := pr.entities[ci.Entity]
	if c == nil {
		c = &Counts{}
		pr.entities[ci.Entity] = c
	}
	c.Items++
	if err != nil {
		c.Failed++
		pr.errors = append(pr.errors, fmt.Sprintf("%s %s: %s", ci.Entity, keyString(item, r.all), err))
		return nil
	}
	units := r.copyWCU(ci.Item)
	if r.opts.DryRun {
		c.Updated++
		c.WCU += units
		return nil
	}
	for attempt := 1; ; attempt++ {
		if err := r.lim.wait(ctx); err != nil {
			return err
		}
		_, err := r.opts.Client.PutItem(ctx, dynamo.PutIfAbsent(r.tgt.name, ci.Item, r.tgt.pk()))
		if err == nil {
			c.Updated++
			c.WCU += units
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var ccf *types.ConditionalCheckFailedException
		if !errors.As(err, &ccf) || attempt == maxAttempts {
			c.Failed++
			pr.errors = append(pr.errors, fmt.Sprintf("%s %s: copy: %s", ci.Entity, keyString(item, r.all), err))
			return nil
		}
		got, gerr := r.opts.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(r.tgt.name), Key: ci.Key, ConsistentRead: aws.Bool(true)})
		if gerr != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			c.Failed++
			pr.errors = append(pr.errors, fmt.Sprintf("%s %s: read the target: %s", ci.Entity, keyString(item, r.all), gerr))
			return nil
		}
		switch {
		case got.Item == nil:
			continue // deleted meanwhile: put again
		case dynamo.IsTombstone(got.Item):
			c.Deleted++
			return nil
		case r.sameOrigin(ci.Entity, item, got.Item):
			c.Already++
			return nil
		}
		c.Failed++
		pr.errors = append(pr.errors, fmt.Sprintf("%s %s: HEAD's key %s is taken by another item (%s): HEAD's templates give two BASE items one key",
			ci.Entity, keyString(item, r.all), keyString(got.Item, r.copy.head), originText(r.copy, got.Item)))
		return nil
	}
}

// sameOrigin reports whether a target item is a copy (or a newer version)
// of the BASE item stored: BASE's templates give the stored item's key
// back from the target item's attributes.
func (r *runner) sameOrigin(entity string, stored, in map[string]types.AttributeValue) bool {
	var be *hclschema.Entity
	for _, e := range r.copy.base.StoredEntities() {
		if e.Name == entity {
			be = e
		}
	}
	if be == nil {
		return false
	}
	vals, err := be.ValuesOf(dynamo.Values(in))
	if err != nil {
		return false
	}
	it, err := be.Item(vals)
	if err != nil {
		return false
	}
	for _, k := range r.copy.base.Primary.KeyAttrs() {
		if !dynamo.SameValue(stored[k.Name], stored[k.Name] != nil, it.Attrs[k.Name], true) {
			return false
		}
	}
	return true
}

// originText names the BASE key a target item was copied from, as far as
// BASE's templates tell.
func originText(cp *CopyPlan, in map[string]types.AttributeValue) string {
	its := cp.head.Recognize(dynamo.Values(in))
	if len(its) != 1 {
		return "of no HEAD entity"
	}
	for _, be := range cp.base.StoredEntities() {
		if be.Name != its[0].Entity.Name {
			continue
		}
		vals, err := be.ValuesOf(dynamo.Values(in))
		if err != nil {
			break
		}
		it, err := be.Item(vals)
		if err != nil {
			break
		}
		av, err := dynamo.ItemAV(it)
		if err != nil {
			break
		}
		return "the copy of " + its[0].Entity.Name + " " + keyString(av, cp.base)
	}
	return its[0].Entity.Name
}

// copyWCU estimates the write units of a copied item: one per KB for the
// table and for every GSI entry it makes.
func (r *runner) copyWCU(item map[string]types.AttributeValue) float64 {
	units := math.Max(1, math.Ceil(float64(dynamo.ItemSize(item))/1024))
	total := units
	vals := dynamo.Values(item)
	for _, ix := range r.copy.head.GSIs {
		if ix.Holds(vals) {
			total += units
		}
	}
	return total
}
