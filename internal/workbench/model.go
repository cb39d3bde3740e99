package workbench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/internal/diag"
	"github.com/tfdyn/tfdyn/internal/dynamo"
)

// CodeModel marks a file that is not a NoSQL Workbench model tfdyn can
// read: a JSON syntax error, a missing or mistyped field, an item value that
// is not DynamoDB JSON (IM010, docs/import.md).
const CodeModel diag.Code = "IM010"

// FormatVersion is the model format version tfdyn writes; Workbench
// refuses a model whose version it does not know.
const FormatVersion = "3.0"

// Service is the ModelMetadata.AWSService of a DynamoDB model.
const Service = "Amazon DynamoDB"

// Model is a NoSQL Workbench data model: the JSON file Workbench imports
// and exports (format version 3.0), with what tfdyn adds per table.
type Model struct {
	ModelName     string   `json:"ModelName"`
	ModelMetadata Metadata `json:"ModelMetadata"`
	DataModel     []*Table `json:"DataModel"`
}

// Metadata describes a model.
type Metadata struct {
	Author           string `json:"Author"`
	DateCreated      string `json:"DateCreated"`
	DateLastModified string `json:"DateLastModified"`
	Description      string `json:"Description"`
	AWSService       string `json:"AWSService"`
	Version          string `json:"Version"`
}

// Table is one table of a model.
type Table struct {
	TableName     string        `json:"TableName"`
	KeyAttributes KeyAttributes `json:"KeyAttributes"`
	// NonKeyAttributes declares the other attributes with their DynamoDB
	// types (S, N, B, BOOL, NULL, M, L, SS, NS, BS).
	NonKeyAttributes       []AttributeDef `json:"NonKeyAttributes"`
	TableFacets            []*Facet       `json:"TableFacets"`
	GlobalSecondaryIndexes []*GSI         `json:"GlobalSecondaryIndexes"`
	// TableData holds the table's sample items (Workbench 3 keeps them
	// here; older models keep them per facet).
	TableData   []Item         `json:"TableData"`
	DataAccess  map[string]any `json:"DataAccess"`
	BillingMode string         `json:"BillingMode,omitempty"`
	// ProvisionedCapacitySettings is set for BillingMode PROVISIONED.
	ProvisionedCapacitySettings *Capacity `json:"ProvisionedCapacitySettings,omitempty"`
	// Tfdyn is what tfdyn writes next to Workbench's fields: what a
	// Workbench model cannot say (extension.go). Workbench models carry
	// none.
	Tfdyn *Extension `json:"tfdyn,omitempty"`

	// Range covers the table's object; NameRange its TableName.
	Range     hcl.Range `json:"-"`
	NameRange hcl.Range `json:"-"`
}

// KeyAttributes is a table's or an index's key schema.
type KeyAttributes struct {
	PartitionKey AttributeDef  `json:"PartitionKey"`
	SortKey      *AttributeDef `json:"SortKey,omitempty"`
}

// AttributeDef is an attribute name with its DynamoDB type.
type AttributeDef struct {
	AttributeName string `json:"AttributeName"`
	AttributeType string `json:"AttributeType"`
	// Range covers the definition.
	Range hcl.Range `json:"-"`
}

// Facet is a Workbench facet: a view of the table's items of one kind,
// with names for the key attributes; tfdyn reads one as an entity.
type Facet struct {
	FacetName         string      `json:"FacetName"`
	KeyAttributeAlias *KeyAliases `json:"KeyAttributeAlias,omitempty"`
	// TableData holds the facet's sample items (older models).
	TableData []Item `json:"TableData,omitempty"`
	// NonKeyAttributes names the attributes of the facet's items.
	NonKeyAttributes []string       `json:"NonKeyAttributes"`
	DataAccess       map[string]any `json:"DataAccess,omitempty"`

	Range hcl.Range `json:"-"`
}

// KeyAliases are the names a facet shows for the table's key attributes.
type KeyAliases struct {
	PartitionKeyAlias string `json:"PartitionKeyAlias"`
	SortKeyAlias      string `json:"SortKeyAlias,omitempty"`
}

// GSI is a global secondary index.
type GSI struct {
	IndexName     string        `json:"IndexName"`
	KeyAttributes KeyAttributes `json:"KeyAttributes"`
	Projection    Projection    `json:"Projection"`

	Range hcl.Range `json:"-"`
}

// Projection is an index's projection.
type Projection struct {
	ProjectionType   string   `json:"ProjectionType"`
	NonKeyAttributes []string `json:"NonKeyAttributes,omitempty"`
}

// Capacity is the provisioned capacity of a table.
type Capacity struct {
	ProvisionedThroughput Throughput `json:"ProvisionedThroughput"`
}

// Throughput is a read and write capacity.
type Throughput struct {
	ReadCapacityUnits  int64 `json:"ReadCapacityUnits"`
	WriteCapacityUnits int64 `json:"WriteCapacityUnits"`
}

// Item is a sample item in DynamoDB JSON ({"PK": {"S": "USER#alice"}}).
type Item struct {
	Values map[string]types.AttributeValue
	// Range covers the item's object.
	Range hcl.Range
}

// MarshalJSON writes the item in DynamoDB JSON, attributes sorted by name.
func (it Item) MarshalJSON() ([]byte, error) { return dynamo.MarshalItemJSON(it.Values) }

// Parse reads a NoSQL Workbench model from src (path names it in
// diagnostics). Every problem is an IM010 diagnostic at its line and
// column, naming the field (DataModel[0].KeyAttributes.PartitionKey) and
// what is expected. Fields tfdyn does not use (SampleDataFormats,
// DataAccess, ...) are accepted and ignored.
func Parse(path string, src []byte) (*Model, hcl.Diagnostics) {
	root, at, err := parseJSON(path, src)
	if err != nil {
		var dup *dupKeyError
		if errors.As(err, &dup) {
			at = &dup.rng
		}
		return nil, hcl.Diagnostics{diag.Errorf(CodeModel, at, "Not a NoSQL Workbench model",
			"%s is not valid JSON: %s. Export the model from NoSQL Workbench again (Data modeler, Export).", path, err)}
	}
	d := &decoder{src: src}
	m := d.model(root)
	if d.diags.HasErrors() {
		return nil, d.diags
	}
	return m, d.diags
}

type decoder struct {
	src   []byte
	diags hcl.Diagnostics
}

func (d *decoder) errorf(rng hcl.Range, summary, detail string, args ...any) {
	d.diags = append(d.diags, diag.Errorf(CodeModel, &rng, summary, detail, args...))
}

// want checks that n (the value of path) has kind k; a missing value
// (n nil, or null for an optional field) is an error when required.
func (d *decoder) want(n *node, parent *node, path string, k kind, required bool) bool {
	if n != nil && n.kind == kNull && !required {
		return false // null stands for an absent optional field
	}
	if n == nil {
		if required {
			rng := hcl.Range{}
			if parent != nil {
				rng = parent.rng
			}
			d.errorf(rng, "Missing field", "%s is missing: a NoSQL Workbench model sets it (%s).", path, k)
		}
		return false
	}
	if n.kind != k {
		d.errorf(n.rng, "Wrong type", "%s must be %s, not %s.", path, k, n.kind)
		return false
	}
	return true
}

func (d *decoder) str(parent *node, key, path string, required bool) string {
	n := parent.field(key)
	if !d.want(n, parent, path+"."+key, kString, required) {
		return ""
	}
	if required && n.str == "" {
		d.errorf(n.rng, "Empty field", "%s.%s is empty.", path, key)
	}
	return n.str
}

func (d *decoder) model(root *node) *Model {
	m := &Model{}
	if !d.want(root, nil, "the model", kObject, true) {
		return m
	}
	m.ModelName = d.str(root, "ModelName", "model", false)
	if md := root.field("ModelMetadata"); d.want(md, root, "ModelMetadata", kObject, false) {
		m.ModelMetadata = Metadata{
			Author:           d.str(md, "Author", "ModelMetadata", false),
			DateCreated:      d.str(md, "DateCreated", "ModelMetadata", false),
			DateLastModified: d.str(md, "DateLastModified", "ModelMetadata", false),
			Description:      d.str(md, "Description", "ModelMetadata", false),
			AWSService:       d.str(md, "AWSService", "ModelMetadata", false),
			Version:          d.str(md, "Version", "ModelMetadata", false),
		}
		if s := m.ModelMetadata.AWSService; s != "" && s != Service {
			d.errorf(md.field("AWSService").rng, "Not a DynamoDB model",
				"ModelMetadata.AWSService is %q; tfdyn reads models of %q (NoSQL Workbench also models Amazon Keyspaces).", s, Service)
		}
	}
	dm := root.field("DataModel")
	if !d.want(dm, root, "DataModel", kArray, true) {
		return m
	}
	if len(dm.arr) == 0 {
		d.errorf(dm.rng, "Model without tables", "DataModel is empty: the model declares no table.")
	}
	for i, tn := range dm.arr {
		if t := d.table(tn, fmt.Sprintf("DataModel[%d]", i)); t != nil {
			m.DataModel = append(m.DataModel, t)
		}
	}
	return m
}

func (d *decoder) table(n *node, path string) *Table {
	if !d.want(n, nil, path, kObject, true) {
		return nil
	}
	t := &Table{Range: n.rng}
	t.TableName = d.str(n, "TableName", path, true)
	if tn := n.field("TableName"); tn != nil {
		t.NameRange = tn.rng
	}
	if ka := n.field("KeyAttributes"); d.want(ka, n, path+".KeyAttributes", kObject, true) {
		t.KeyAttributes = d.keys(ka, path+".KeyAttributes")
	}
	if na := n.field("NonKeyAttributes"); d.want(na, n, path+".NonKeyAttributes", kArray, false) {
		for i, a := range na.arr {
			if def, ok := d.attrDef(a, fmt.Sprintf("%s.NonKeyAttributes[%d]", path, i), false); ok {
				t.NonKeyAttributes = append(t.NonKeyAttributes, def)
			}
		}
	}
	if fs := n.field("TableFacets"); d.want(fs, n, path+".TableFacets", kArray, false) {
		for i, f := range fs.arr {
			if fc := d.facet(f, fmt.Sprintf("%s.TableFacets[%d]", path, i)); fc != nil {
				t.TableFacets = append(t.TableFacets, fc)
			}
		}
	}
	if gs := n.field("GlobalSecondaryIndexes"); d.want(gs, n, path+".GlobalSecondaryIndexes", kArray, false) {
		for i, g := range gs.arr {
			if x := d.gsi(g, fmt.Sprintf("%s.GlobalSecondaryIndexes[%d]", path, i)); x != nil {
				t.GlobalSecondaryIndexes = append(t.GlobalSecondaryIndexes, x)
			}
		}
	}
	t.TableData = d.items(n.field("TableData"), n, path+".TableData")
	t.BillingMode = d.str(n, "BillingMode", path, false)
	switch t.BillingMode {
	case "", "PAY_PER_REQUEST", "PROVISIONED":
	default:
		d.errorf(n.field("BillingMode").rng, "Unknown billing mode", "%s.BillingMode is %q; it is PAY_PER_REQUEST or PROVISIONED.", path, t.BillingMode)
	}
	if pc := n.field("ProvisionedCapacitySettings"); d.want(pc, n, path+".ProvisionedCapacitySettings", kObject, false) {
		if pt := pc.field("ProvisionedThroughput"); d.want(pt, pc, path+".ProvisionedCapacitySettings.ProvisionedThroughput", kObject, false) {
			p := path + ".ProvisionedCapacitySettings.ProvisionedThroughput"
			t.ProvisionedCapacitySettings = &Capacity{ProvisionedThroughput: Throughput{
				ReadCapacityUnits:  d.count(pt, "ReadCapacityUnits", p),
				WriteCapacityUnits: d.count(pt, "WriteCapacityUnits", p),
			}}
		}
	}
	if ext := n.field("tfdyn"); ext != nil {
		t.Tfdyn = d.extension(ext, path+".tfdyn")
	}
	return t
}

// count reads a positive whole number.
func (d *decoder) count(parent *node, key, path string) int64 {
	n := parent.field(key)
	if !d.want(n, parent, path+"."+key, kNumber, true) {
		return 0
	}
	v, err := strconv.ParseInt(n.str, 10, 64)
	if err != nil || v < 1 {
		d.errorf(n.rng, "Invalid capacity", "%s.%s is %s; a capacity is a whole number of 1 or more.", path, key, n.str)
		return 0
	}
	return v
}

func (d *decoder) keys(n *node, path string) KeyAttributes {
	var k KeyAttributes
	if pk := n.field("PartitionKey"); d.want(pk, n, path+".PartitionKey", kObject, true) {
		k.PartitionKey, _ = d.attrDef(pk, path+".PartitionKey", true)
	}
	if sk := n.field("SortKey"); d.want(sk, n, path+".SortKey", kObject, false) {
		if def, ok := d.attrDef(sk, path+".SortKey", true); ok {
			k.SortKey = &def
		}
	}
	return k
}

// Key and non-key attribute types of DynamoDB.
var (
	keyTypes = []string{"S", "N", "B"}
	allTypes = []string{"S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS"}
)

func (d *decoder) attrDef(n *node, path string, key bool) (AttributeDef, bool) {
	if !d.want(n, nil, path, kObject, true) {
		return AttributeDef{}, false
	}
	def := AttributeDef{Range: n.rng}
	def.AttributeName = d.str(n, "AttributeName", path, true)
	def.AttributeType = d.str(n, "AttributeType", path, true)
	allowed := allTypes
	if key {
		allowed = keyTypes
	}
	if def.AttributeType != "" && !contains(allowed, def.AttributeType) {
		d.errorf(n.field("AttributeType").rng, "Unknown attribute type", "%s.AttributeType is %q; it is one of %s.",
			path, def.AttributeType, strings.Join(allowed, ", "))
		return def, false
	}
	return def, def.AttributeName != "" && def.AttributeType != ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (d *decoder) facet(n *node, path string) *Facet {
	if !d.want(n, nil, path, kObject, true) {
		return nil
	}
	f := &Facet{Range: n.rng}
	f.FacetName = d.str(n, "FacetName", path, true)
	if ka := n.field("KeyAttributeAlias"); d.want(ka, n, path+".KeyAttributeAlias", kObject, false) {
		f.KeyAttributeAlias = &KeyAliases{
			PartitionKeyAlias: d.str(ka, "PartitionKeyAlias", path+".KeyAttributeAlias", false),
			SortKeyAlias:      d.str(ka, "SortKeyAlias", path+".KeyAttributeAlias", false),
		}
	}
	f.TableData = d.items(n.field("TableData"), n, path+".TableData")
	if na := n.field("NonKeyAttributes"); d.want(na, n, path+".NonKeyAttributes", kArray, false) {
		for i, a := range na.arr {
			if d.want(a, na, fmt.Sprintf("%s.NonKeyAttributes[%d]", path, i), kString, true) {
				f.NonKeyAttributes = append(f.NonKeyAttributes, a.str)
			}
		}
	}
	return f
}

func (d *decoder) gsi(n *node, path string) *GSI {
	if !d.want(n, nil, path, kObject, true) {
		return nil
	}
	g := &GSI{Range: n.rng}
	g.IndexName = d.str(n, "IndexName", path, true)
	if ka := n.field("KeyAttributes"); d.want(ka, n, path+".KeyAttributes", kObject, true) {
		g.KeyAttributes = d.keys(ka, path+".KeyAttributes")
	}
	g.Projection.ProjectionType = "ALL"
	if pr := n.field("Projection"); d.want(pr, n, path+".Projection", kObject, false) {
		if pt := d.str(pr, "ProjectionType", path+".Projection", false); pt != "" {
			g.Projection.ProjectionType = pt
		}
		switch g.Projection.ProjectionType {
		case "ALL", "KEYS_ONLY", "INCLUDE":
		default:
			d.errorf(pr.field("ProjectionType").rng, "Unknown projection", "%s.Projection.ProjectionType is %q; it is ALL, KEYS_ONLY or INCLUDE.",
				path, g.Projection.ProjectionType)
		}
		if na := pr.field("NonKeyAttributes"); d.want(na, pr, path+".Projection.NonKeyAttributes", kArray, false) {
			for i, a := range na.arr {
				if d.want(a, na, fmt.Sprintf("%s.Projection.NonKeyAttributes[%d]", path, i), kString, true) {
					g.Projection.NonKeyAttributes = append(g.Projection.NonKeyAttributes, a.str)
				}
			}
		}
	}
	return g
}

func (d *decoder) items(n, parent *node, path string) []Item {
	if !d.want(n, parent, path, kArray, false) {
		return nil
	}
	var out []Item
	for i, in := range n.arr {
		p := fmt.Sprintf("%s[%d]", path, i)
		if !d.want(in, n, p, kObject, true) {
			continue
		}
		it := Item{Values: map[string]types.AttributeValue{}, Range: in.rng}
		ok := true
		for _, k := range in.keys {
			av, good := d.attributeValue(in.obj[k], p+"."+k)
			if !good {
				ok = false
				continue
			}
			it.Values[k] = av
		}
		if ok {
			out = append(out, it)
		}
	}
	return out
}

// extension decodes tfdyn's own part of a table: strict JSON (unknown
// fields are errors), at the position of the offending byte.
func (d *decoder) extension(n *node, path string) *Extension {
	if !d.want(n, nil, path, kObject, true) {
		return nil
	}
	start, end := n.rng.Start.Byte, n.rng.End.Byte
	raw := d.src[start:end]
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var ext Extension
	if err := dec.Decode(&ext); err != nil {
		off := start
		var typ *json.UnmarshalTypeError
		var syn *json.SyntaxError
		switch {
		case errors.As(err, &typ):
			off += int(typ.Offset)
		case errors.As(err, &syn):
			off += int(syn.Offset)
		}
		l := newLines(n.rng.Filename, d.src)
		at := l.rng(off, off)
		// An unknown field of the section itself: at its key.
		if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			if k, err := strconv.Unquote(name); err == nil {
				if r, ok := n.keyRange[k]; ok {
					at = r
				}
			}
		}
		d.errorf(at, "Invalid tfdyn section", "%s: %s. This section is written by tfdyn doc --format workbench; export the schema again.", path, err)
		return nil
	}
	return &ext
}
