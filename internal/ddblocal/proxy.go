package ddblocal

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The compatibility layer: an HTTP handler in front of DynamoDB Local that
// passes every request through unchanged except the few operations the AWS
// provider needs and DynamoDB Local lacks (see Emulated).

const (
	ddbTargetPrefix = "DynamoDB_20120810."
	kmsTargetPrefix = "TrentService."
	ddbErrPrefix    = "com.amazonaws.dynamodb.v20120810#"
	jsonContentType = "application/x-amz-json-1.0"

	// Warm throughput AWS reports for tables and GSIs that have none
	// configured; the AWS provider reads these values as "not set".
	defaultWarmReadUnits  = 12000
	defaultWarmWriteUnits = 4000

	// localAccount is the account id DynamoDB Local puts in its ARNs.
	localAccount = "000000000000"
	// defaultKMSKeyID is the key id of the emulated AWS managed key
	// alias/aws/dynamodb.
	defaultKMSKeyID = "d0d0d0d0-0000-4000-8000-000000000dd0"

	maxRecoveryPeriodDays = 35
)

// Emulated lists, in words, what the compatibility layer answers or adds
// itself instead of DynamoDB Local.
func Emulated() []string {
	return []string{
		"GSI ProvisionedThroughput {0, 0} added where DynamoDB Local leaves it out (on-demand tables), as DynamoDB answers; without it AWS provider 5.x reads GSI names back empty and plans a GSI change forever",
		"WarmThroughput {ReadUnitsPerSecond 12000, WriteUnitsPerSecond 4000, Status = table/index status} added to the table and every GSI in CreateTable, DescribeTable, UpdateTable and DeleteTable answers (AWS provider >= 6.13 waits for it)",
		"tags: TagResource, UntagResource and ListTagsOfResource answered by the layer, per table; Tags given to CreateTable are kept; dropped on DeleteTable",
		"point-in-time recovery: UpdateContinuousBackups and DescribeContinuousBackups answered by the layer (ContinuousBackupsStatus ENABLED, PITR status and RecoveryPeriodInDays per table)",
		"server-side encryption: SSESpecification of CreateTable/UpdateTable recorded; SSEDescription {Status ENABLED, SSEType KMS, KMSMasterKeyArn} added to table descriptions (DynamoDB Local ignores SSE; nothing is encrypted)",
		"table class: TableClass of CreateTable/UpdateTable recorded and reported as TableClassSummary (DynamoDB Local ignores it)",
		"warm throughput: WarmThroughput of CreateTable/UpdateTable (table and GSIs) recorded and reported instead of the defaults (DynamoDB Local ignores it; nothing is pre-warmed)",
		"on-demand throughput caps: OnDemandThroughput of CreateTable/UpdateTable (table and GSIs) recorded and reported, -1 for an uncapped side (DynamoDB Local drops it on UpdateTable and fails when a side is missing; nothing is throttled); a GSI without caps has none, as DynamoDB answers (DynamoDB Local reports -1 for both sides)",
		"resource-based policies: PutResourcePolicy, GetResourcePolicy and DeleteResourcePolicy answered by the layer, per table (nothing is enforced)",
		"an UpdateTable that only changes SSE, table class, caps or warm throughput is answered by the layer (DynamoDB Local would answer \"Nothing to update\")",
		"UpdateTable calls of one table run one at a time, as DynamoDB runs them (DynamoDB Local runs them side by side and loses all but one of the GSIs they create)",
		"KMS DescribeKey of the AWS managed key alias/aws/dynamodb (the provider looks it up when reading a table with SSE); other KMS calls fail",
		"x-amz-crc32 and Content-Length recomputed on every answer the layer changes or makes; Accept-Encoding is dropped from those requests",
	}
}

var credentialRE = regexp.MustCompile(`Credential=([^/,\s]+)/[^/]+/([^/]+)/`)

// scopeOf returns DynamoDB Local's namespace of a request: access key and
// region of its signature.
func scopeOf(r *http.Request, defaultRegion string) (key, region string) {
	if m := credentialRE.FindStringSubmatch(r.Header.Get("Authorization")); m != nil {
		return m[1], m[2]
	}
	return "", defaultRegion
}

// setAccessKey puts key into the credential of h's Authorization header
// (DynamoDB Local reads the access key and region, not the signature), or
// sets a credential with key and the default region when there is none.
func setAccessKey(h http.Header, key string) {
	auth := h.Get("Authorization")
	if loc := credentialRE.FindStringSubmatchIndex(auth); loc != nil {
		h.Set("Authorization", auth[:loc[2]]+key+auth[loc[3]:])
		return
	}
	h.Set("Authorization", fmt.Sprintf("AWS4-HMAC-SHA256 Credential=%s/20240101/%s/dynamodb/aws4_request, SignedHeaders=host, Signature=0", key, DefaultRegion))
}

type tableKey struct {
	accessKey, region, name string
}

// tableState is what the layer remembers about a table.
type tableState struct {
	tags         map[string]string
	pitr         bool
	pitrDays     int64
	pitrSince    time.Time
	sseKeyARN    string // "" = SSE with an AWS owned key: no SSEDescription
	tableClass   string
	classUpdated time.Time
	// onDemand and warm are the table's recorded OnDemandThroughput and
	// WarmThroughput (nil: never set); gsis those of its GSIs by name.
	onDemand, warm *throughputSetting
	gsis           map[string]gsiSettings
	// policy is the resource-based policy document ("" for none).
	policy, policyRevision string
}

type proxy struct {
	backend atomic.Pointer[string] // DynamoDB Local's base URL
	// namespace, when set, is the access key every request is forwarded
	// under (Options.Namespace).
	namespace string
	region    string
	client    *http.Client
	traceMu   sync.Mutex
	trace     io.Writer

	mu     sync.Mutex
	tables map[tableKey]*tableState
	// updates serialise the UpdateTable calls of each table (guarded by mu).
	updates map[tableKey]*sync.Mutex
}

func newProxy(region string, trace io.Writer) *proxy {
	return &proxy{
		region: region,
		trace:  trace,
		// DisableCompression: pass Accept-Encoding and the answer through
		// untouched, so x-amz-crc32 stays valid.
		client: &http.Client{Transport: &http.Transport{
			DisableCompression:  true,
			MaxIdleConnsPerHost: 16,
			IdleConnTimeout:     30 * time.Second,
		}},
		tables:  map[tableKey]*tableState{},
		updates: map[tableKey]*sync.Mutex{},
	}
}

// updateLock returns the lock that serialises the UpdateTable calls of a
// table. DynamoDB runs one update of a table at a time (a second index
// creation while one is under way is refused with "Subscriber limit
// exceeded", which the AWS provider retries); DynamoDB Local 3.3.1 runs
// concurrent UpdateTable calls side by side and loses all but one of the
// GSIs they create (two aws_dynamodb_global_secondary_index resources of
// one table, created in parallel by terraform: the second never appears).
func (p *proxy) updateLock(k tableKey) *sync.Mutex {
	p.mu.Lock()
	defer p.mu.Unlock()
	l := p.updates[k]
	if l == nil {
		l = &sync.Mutex{}
		p.updates[k] = l
	}
	return l
}

func (p *proxy) setBackend(url string) { p.backend.Store(&url) }

func (p *proxy) backendURL() string {
	if u := p.backend.Load(); u != nil {
		return *u
	}
	return ""
}

func (p *proxy) state(k tableKey) *tableState {
	st := p.tables[k]
	if st == nil {
		st = &tableState{tags: map[string]string{}}
		p.tables[k] = st
	}
	return st
}

// ServeHTTP implements http.Handler.
func (p *proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if p.namespace != "" {
		setAccessKey(r.Header, p.namespace)
	}
	target := r.Header.Get("X-Amz-Target")
	op := strings.TrimPrefix(target, ddbTargetPrefix)
	rec := &statusRecorder{ResponseWriter: w}
	handled := true
	switch {
	case strings.HasPrefix(target, kmsTargetPrefix):
		p.serveKMS(rec, r, strings.TrimPrefix(target, kmsTargetPrefix))
	case op == target:
		handled = false
		p.passThrough(rec, r)
	default:
		handled = p.serveDynamoDB(rec, r, op)
	}
	if p.trace != nil {
		who := "dynamodb-local"
		if handled {
			who = "layer"
		}
		p.traceMu.Lock()
		fmt.Fprintf(p.trace, "ddblocal: %s %-45s %d %s\n", time.Now().Format("15:04:05.000"), target, rec.status, who)
		p.traceMu.Unlock()
	}
}

// serveDynamoDB answers op and reports whether the layer changed or made
// the answer.
func (p *proxy) serveDynamoDB(w http.ResponseWriter, r *http.Request, op string) bool {
	switch op {
	case "CreateTable", "DescribeTable", "UpdateTable", "DeleteTable",
		"TagResource", "UntagResource", "ListTagsOfResource",
		"UpdateContinuousBackups", "DescribeContinuousBackups",
		"PutResourcePolicy", "GetResourcePolicy", "DeleteResourcePolicy":
	default:
		p.passThrough(w, r)
		return false
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "SerializationException", "ddblocal: read request: "+err.Error())
		return true
	}
	var in map[string]any
	if err := decodeJSON(body, &in); err != nil || in == nil {
		writeError(w, http.StatusBadRequest, "SerializationException", "ddblocal: request body is not a JSON object")
		return true
	}
	accessKey, region := scopeOf(r, p.region)
	c := &call{p: p, w: w, r: r, body: body, in: in, accessKey: accessKey, region: region}
	switch op {
	case "CreateTable":
		c.createTable()
	case "DescribeTable":
		c.describeTable()
	case "UpdateTable":
		c.updateTable()
	case "DeleteTable":
		c.deleteTable()
	case "TagResource":
		c.tagResource()
	case "UntagResource":
		c.untagResource()
	case "ListTagsOfResource":
		c.listTagsOfResource()
	case "UpdateContinuousBackups":
		c.updateContinuousBackups()
	case "DescribeContinuousBackups":
		c.describeContinuousBackups()
	case "PutResourcePolicy":
		c.putResourcePolicy()
	case "GetResourcePolicy":
		c.getResourcePolicy()
	case "DeleteResourcePolicy":
		c.deleteResourcePolicy()
	}
	return true
}

// call is one request the layer handles.
type call struct {
	p         *proxy
	w         http.ResponseWriter
	r         *http.Request
	body      []byte
	in        map[string]any
	accessKey string
	region    string
}

func (c *call) key(name string) tableKey {
	return tableKey{accessKey: c.accessKey, region: c.region, name: name}
}

// tableName returns the TableName of the request; newer API versions
// accept a table ARN there too.
func (c *call) tableName() string {
	s, _ := c.in["TableName"].(string)
	if name, ok := tableNameFromARN(s); ok {
		return name
	}
	return s
}

var tableARNRE = regexp.MustCompile(`^arn:[^:]+:dynamodb:[^:]*:[^:]*:table/([^/]+)$`)

func tableNameFromARN(arn string) (string, bool) {
	m := tableARNRE.FindStringSubmatch(arn)
	if m == nil {
		return "", false
	}
	return m[1], true
}

func (c *call) createTable() {
	st := &tableState{tags: map[string]string{}}
	record := takeSettings(c.in, st)
	body, err := encodeJSON(c.in)
	if err != nil {
		writeError(c.w, http.StatusInternalServerError, "InternalServerError", "ddblocal: "+err.Error())
		return
	}
	resp, err := c.p.forward(c.r, body, true)
	if err != nil {
		writeError(c.w, http.StatusBadGateway, "InternalServerError", "ddblocal: "+err.Error())
		return
	}
	if resp.status != http.StatusOK {
		resp.write(c.w)
		return
	}
	name, _ := c.in["TableName"].(string)
	c.p.mu.Lock()
	record()
	c.p.tables[c.key(name)] = st
	for _, t := range tagList(c.in["Tags"]) {
		st.tags[t[0]] = t[1]
	}
	c.applySettings(st)
	c.p.mu.Unlock()
	c.rewrite(resp, "TableDescription", name)
}

// applySettings records SSESpecification and TableClass of a CreateTable
// or UpdateTable request. The caller holds p.mu.
func (c *call) applySettings(st *tableState) {
	if sse, ok := c.in["SSESpecification"].(map[string]any); ok {
		if enabled, _ := sse["Enabled"].(bool); enabled {
			st.sseKeyARN = kmsKeyARN(c.region, str(sse["KMSMasterKeyId"]))
		} else {
			st.sseKeyARN = ""
		}
	}
	if class := str(c.in["TableClass"]); class != "" {
		st.tableClass = class
		st.classUpdated = time.Now()
	}
}

func (c *call) describeTable() {
	resp, err := c.p.forward(c.r, c.body, true)
	if err != nil {
		writeError(c.w, http.StatusBadGateway, "InternalServerError", "ddblocal: "+err.Error())
		return
	}
	c.rewrite(resp, "Table", c.tableName())
}

func (c *call) updateTable() {
	name := c.tableName()
	lock := c.p.updateLock(c.key(name))
	lock.Lock()
	defer lock.Unlock()
	// DynamoDB Local ignores SSESpecification, TableClass and
	// WarmThroughput, mishandles OnDemandThroughput (see settings.go), and
	// answers "Nothing to update" when they are all an UpdateTable changes.
	stripped := map[string]any{}
	for k, v := range c.in {
		if k != "SSESpecification" && k != "TableClass" {
			stripped[k] = v
		}
	}
	c.p.mu.Lock()
	scratch := *c.p.state(c.key(name))
	c.p.mu.Unlock()
	before, gsiUpdates := len(stripped), len(list(stripped["GlobalSecondaryIndexUpdates"]))
	record := takeSettings(stripped, &scratch)
	emulated := len(stripped) != len(c.in) || len(stripped) != before || len(list(stripped["GlobalSecondaryIndexUpdates"])) != gsiUpdates
	var resp *bufferedResponse
	var err error
	if !emulated || hasUpdates(stripped) {
		var body []byte
		body, err = encodeJSON(stripped)
		if err != nil {
			writeError(c.w, http.StatusInternalServerError, "InternalServerError", "ddblocal: "+err.Error())
			return
		}
		resp, err = c.p.forward(c.r, body, true)
	} else {
		resp, err = c.p.call(c.r, "DescribeTable", map[string]any{"TableName": c.in["TableName"]})
		if err == nil && resp.status == http.StatusOK {
			if resp.json, err = renameKey(resp.json, "Table", "TableDescription"); err != nil {
				writeError(c.w, http.StatusInternalServerError, "InternalServerError", "ddblocal: "+err.Error())
				return
			}
		}
	}
	if err != nil {
		writeError(c.w, http.StatusBadGateway, "InternalServerError", "ddblocal: "+err.Error())
		return
	}
	if resp.status == http.StatusOK {
		c.p.mu.Lock()
		st := c.p.state(c.key(name))
		c.applySettings(st)
		scratch.tags, scratch.gsis = st.tags, st.gsis
		record()
		st.onDemand, st.warm, st.gsis = scratch.onDemand, scratch.warm, scratch.gsis
		c.p.mu.Unlock()
	}
	c.rewrite(resp, "TableDescription", name)
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

// hasUpdates reports whether an UpdateTable request changes anything
// besides naming the table.
func hasUpdates(in map[string]any) bool {
	for k := range in {
		if k != "TableName" {
			return true
		}
	}
	return false
}

func (c *call) deleteTable() {
	resp, err := c.p.forward(c.r, c.body, true)
	if err != nil {
		writeError(c.w, http.StatusBadGateway, "InternalServerError", "ddblocal: "+err.Error())
		return
	}
	name := c.tableName()
	if resp.status == http.StatusOK {
		c.p.mu.Lock()
		delete(c.p.tables, c.key(name))
		c.p.mu.Unlock()
	}
	c.rewrite(resp, "TableDescription", name)
}

// rewrite adds what DynamoDB Local leaves out to the table description
// under field of a successful answer, and writes the answer.
func (c *call) rewrite(resp *bufferedResponse, field, name string) {
	if resp.status == http.StatusOK {
		var out map[string]any
		if err := decodeJSON(resp.json, &out); err == nil {
			if desc, ok := out[field].(map[string]any); ok {
				c.p.mu.Lock()
				st := c.p.tables[c.key(name)]
				augmentTable(desc, st)
				c.p.mu.Unlock()
				if b, err := encodeJSON(out); err == nil {
					resp.json = b
				}
			}
		}
	}
	resp.write(c.w)
}

// uncapped reports whether an OnDemandThroughput description caps
// neither side (-1, or absent, on both).
func uncapped(od map[string]any) bool {
	for _, f := range onDemandFields {
		if n, ok := number(od[f]); ok && n > 0 {
			return false
		}
	}
	return true
}

// augmentTable adds WarmThroughput to a table description and its GSIs,
// and the recorded SSE and table class. st may be nil.
func augmentTable(desc map[string]any, st *tableState) {
	if st != nil {
		defer augmentSettings(desc, st)
	}
	if _, ok := desc["WarmThroughput"]; !ok {
		desc["WarmThroughput"] = map[string]any{
			"ReadUnitsPerSecond":  defaultWarmReadUnits,
			"WriteUnitsPerSecond": defaultWarmWriteUnits,
			"Status":              strOr(desc["TableStatus"], "ACTIVE"),
		}
	}
	if gsis, ok := desc["GlobalSecondaryIndexes"].([]any); ok {
		for _, g := range gsis {
			gsi, ok := g.(map[string]any)
			if !ok {
				continue
			}
			if od, ok := gsi["OnDemandThroughput"].(map[string]any); ok && uncapped(od) {
				// DynamoDB Local reports {-1, -1} for a GSI created without
				// caps; DynamoDB leaves the field out (the provider's
				// aws_dynamodb_global_secondary_index reads no
				// on_demand_throughput block back, and fails its apply with
				// "block count changed from 0 to 1" otherwise). Recorded
				// caps are added back by augmentSettings.
				delete(gsi, "OnDemandThroughput")
			}
			if _, ok := gsi["ProvisionedThroughput"]; !ok {
				// DynamoDB answers 0/0 for the GSIs of on-demand tables;
				// DynamoDB Local leaves the field out, and the AWS provider
				// 5.x then reads the GSI's name back empty.
				gsi["ProvisionedThroughput"] = map[string]any{
					"NumberOfDecreasesToday": 0,
					"ReadCapacityUnits":      0,
					"WriteCapacityUnits":     0,
				}
			}
			if _, ok := gsi["WarmThroughput"]; !ok {
				gsi["WarmThroughput"] = map[string]any{
					"ReadUnitsPerSecond":  defaultWarmReadUnits,
					"WriteUnitsPerSecond": defaultWarmWriteUnits,
					"Status":              strOr(gsi["IndexStatus"], "ACTIVE"),
				}
			}
		}
	}
	if st == nil {
		return
	}
	if _, ok := desc["SSEDescription"]; !ok && st.sseKeyARN != "" {
		desc["SSEDescription"] = map[string]any{
			"Status":          "ENABLED",
			"SSEType":         "KMS",
			"KMSMasterKeyArn": st.sseKeyARN,
		}
	}
	if _, ok := desc["TableClassSummary"]; !ok && st.tableClass != "" {
		desc["TableClassSummary"] = map[string]any{
			"TableClass":         st.tableClass,
			"LastUpdateDateTime": epoch(st.classUpdated),
		}
	}
}

// requireTable checks through DynamoDB Local that the table exists. On
// failure it writes DynamoDB Local's answer (ResourceNotFoundException...)
// and returns false.
func (c *call) requireTable(name string) bool {
	resp, err := c.p.call(c.r, "DescribeTable", map[string]any{"TableName": name})
	if err != nil {
		writeError(c.w, http.StatusBadGateway, "InternalServerError", "ddblocal: "+err.Error())
		return false
	}
	if resp.status != http.StatusOK {
		resp.write(c.w)
		return false
	}
	return true
}

// resourceTable returns the table of a tagging request's ResourceArn.
func (c *call) resourceTable() (string, bool) {
	arn := str(c.in["ResourceArn"])
	if arn == "" {
		writeError(c.w, http.StatusBadRequest, "ValidationException", "1 validation error detected: Value null at 'resourceArn' failed to satisfy constraint: Member must not be null")
		return "", false
	}
	name, ok := tableNameFromARN(arn)
	if !ok {
		writeError(c.w, http.StatusBadRequest, "ValidationException", fmt.Sprintf("Invalid TableArn: %s (ddblocal tags tables only)", arn))
		return "", false
	}
	if !c.requireTable(name) {
		return "", false
	}
	return name, true
}

func (c *call) tagResource() {
	name, ok := c.resourceTable()
	if !ok {
		return
	}
	tags := tagList(c.in["Tags"])
	for _, t := range tags {
		if t[0] == "" || len(t[0]) > 128 || len(t[1]) > 256 {
			writeError(c.w, http.StatusBadRequest, "ValidationException", fmt.Sprintf("Invalid tag: key %q (1-128 characters), value %q (0-256 characters)", t[0], t[1]))
			return
		}
		if strings.HasPrefix(t[0], "aws:") {
			writeError(c.w, http.StatusBadRequest, "ValidationException", fmt.Sprintf("Tag keys starting with \"aws:\" are reserved: %q", t[0]))
			return
		}
	}
	c.p.mu.Lock()
	st := c.p.state(c.key(name))
	for _, t := range tags {
		st.tags[t[0]] = t[1]
	}
	c.p.mu.Unlock()
	writeJSON(c.w, http.StatusOK, map[string]any{})
}

func (c *call) untagResource() {
	name, ok := c.resourceTable()
	if !ok {
		return
	}
	keys, _ := c.in["TagKeys"].([]any)
	c.p.mu.Lock()
	st := c.p.state(c.key(name))
	for _, k := range keys {
		delete(st.tags, str(k))
	}
	c.p.mu.Unlock()
	writeJSON(c.w, http.StatusOK, map[string]any{})
}

func (c *call) listTagsOfResource() {
	name, ok := c.resourceTable()
	if !ok {
		return
	}
	c.p.mu.Lock()
	st := c.p.state(c.key(name))
	keys := make([]string, 0, len(st.tags))
	for k := range st.tags {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	tags := make([]any, 0, len(keys))
	for _, k := range keys {
		tags = append(tags, map[string]any{"Key": k, "Value": st.tags[k]})
	}
	c.p.mu.Unlock()
	writeJSON(c.w, http.StatusOK, map[string]any{"Tags": tags})
}

func (c *call) updateContinuousBackups() {
	name := c.tableName()
	spec, ok := c.in["PointInTimeRecoverySpecification"].(map[string]any)
	if !ok {
		writeError(c.w, http.StatusBadRequest, "ValidationException", "1 validation error detected: Value null at 'pointInTimeRecoverySpecification' failed to satisfy constraint: Member must not be null")
		return
	}
	enabled, ok := spec["PointInTimeRecoveryEnabled"].(bool)
	if !ok {
		writeError(c.w, http.StatusBadRequest, "ValidationException", "1 validation error detected: Value null at 'pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled' failed to satisfy constraint: Member must not be null")
		return
	}
	days := int64(maxRecoveryPeriodDays)
	if v, ok := spec["RecoveryPeriodInDays"]; ok && v != nil {
		n, err := strconv.ParseInt(fmt.Sprint(v), 10, 64)
		if err != nil || n < 1 || n > maxRecoveryPeriodDays {
			writeError(c.w, http.StatusBadRequest, "ValidationException", fmt.Sprintf("RecoveryPeriodInDays must be between 1 and %d, got %v", maxRecoveryPeriodDays, v))
			return
		}
		if !enabled {
			writeError(c.w, http.StatusBadRequest, "ValidationException", "RecoveryPeriodInDays can only be set when PointInTimeRecoveryEnabled is true")
			return
		}
		days = n
	}
	if !c.requireTable(name) {
		return
	}
	c.p.mu.Lock()
	st := c.p.state(c.key(name))
	if enabled && !st.pitr {
		st.pitrSince = time.Now()
	}
	st.pitr = enabled
	st.pitrDays = days
	out := continuousBackups(st)
	c.p.mu.Unlock()
	writeJSON(c.w, http.StatusOK, out)
}

func (c *call) describeContinuousBackups() {
	name := c.tableName()
	if !c.requireTable(name) {
		return
	}
	c.p.mu.Lock()
	out := continuousBackups(c.p.state(c.key(name)))
	c.p.mu.Unlock()
	writeJSON(c.w, http.StatusOK, out)
}

func continuousBackups(st *tableState) map[string]any {
	pitr := map[string]any{"PointInTimeRecoveryStatus": "DISABLED"}
	if st.pitr {
		latest := time.Now().Add(-5 * time.Minute)
		if latest.Before(st.pitrSince) {
			latest = st.pitrSince
		}
		pitr = map[string]any{
			"PointInTimeRecoveryStatus":  "ENABLED",
			"RecoveryPeriodInDays":       st.pitrDays,
			"EarliestRestorableDateTime": epoch(st.pitrSince),
			"LatestRestorableDateTime":   epoch(latest),
		}
	}
	return map[string]any{"ContinuousBackupsDescription": map[string]any{
		"ContinuousBackupsStatus":        "ENABLED",
		"PointInTimeRecoveryDescription": pitr,
	}}
}

// serveKMS answers KMS DescribeKey for the AWS managed DynamoDB key.
func (p *proxy) serveKMS(w http.ResponseWriter, r *http.Request, op string) {
	body, _ := io.ReadAll(r.Body)
	var in map[string]any
	_ = decodeJSON(body, &in)
	_, region := scopeOf(r, p.region)
	if op != "DescribeKey" {
		writeKMSError(w, "UnsupportedOperationException", fmt.Sprintf("ddblocal emulates only KMS DescribeKey of alias/aws/dynamodb, not %s", op))
		return
	}
	id := str(in["KeyId"])
	arn := kmsKeyARN(region, "")
	switch id {
	case "alias/aws/dynamodb", defaultKMSKeyID, arn, "arn:aws:kms:" + region + ":" + localAccount + ":alias/aws/dynamodb":
	default:
		writeKMSError(w, "NotFoundException", fmt.Sprintf("Key '%s' does not exist (ddblocal knows only alias/aws/dynamodb)", id))
		return
	}
	out := map[string]any{"KeyMetadata": map[string]any{
		"AWSAccountId":          localAccount,
		"KeyId":                 defaultKMSKeyID,
		"Arn":                   arn,
		"CreationDate":          0,
		"Enabled":               true,
		"Description":           "Default key that protects my DynamoDB data when no other key is defined",
		"KeyUsage":              "ENCRYPT_DECRYPT",
		"KeyState":              "Enabled",
		"Origin":                "AWS_KMS",
		"KeyManager":            "AWS",
		"CustomerMasterKeySpec": "SYMMETRIC_DEFAULT",
		"KeySpec":               "SYMMETRIC_DEFAULT",
		"EncryptionAlgorithms":  []any{"SYMMETRIC_DEFAULT"},
		"MultiRegion":           false,
	}}
	b, _ := encodeJSON(out)
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Header().Set("X-Amzn-Requestid", requestID())
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}

func writeKMSError(w http.ResponseWriter, typ, msg string) {
	b, _ := encodeJSON(map[string]any{"__type": typ, "message": msg})
	w.Header().Set("Content-Type", "application/x-amz-json-1.1")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Header().Set("X-Amzn-Requestid", requestID())
	w.WriteHeader(http.StatusBadRequest)
	_, _ = w.Write(b)
}

// kmsKeyARN is the ARN reported for an SSE key id ("" = AWS managed key).
func kmsKeyARN(region, id string) string {
	switch {
	case id == "":
		return "arn:aws:kms:" + region + ":" + localAccount + ":key/" + defaultKMSKeyID
	case strings.HasPrefix(id, "arn:"):
		return id
	case strings.HasPrefix(id, "alias/"):
		return "arn:aws:kms:" + region + ":" + localAccount + ":" + id
	default:
		return "arn:aws:kms:" + region + ":" + localAccount + ":key/" + id
	}
}

// --- forwarding ---------------------------------------------------------------

// hopHeaders are not forwarded (RFC 9110, section 7.6.1).
var hopHeaders = []string{"Connection", "Keep-Alive", "Proxy-Authenticate", "Proxy-Authorization",
	"Proxy-Connection", "Te", "Trailer", "Transfer-Encoding", "Upgrade"}

func copyHeader(dst, src http.Header) {
	for k, vs := range src {
		dst[k] = append([]string(nil), vs...)
	}
	for _, h := range hopHeaders {
		dst.Del(h)
	}
}

// passThrough forwards the request and streams the answer back unchanged.
func (p *proxy) passThrough(w http.ResponseWriter, r *http.Request) {
	req, err := http.NewRequestWithContext(r.Context(), r.Method, p.backendURL()+r.URL.RequestURI(), r.Body)
	if err != nil {
		writeError(w, http.StatusBadGateway, "InternalServerError", "ddblocal: "+err.Error())
		return
	}
	copyHeader(req.Header, r.Header)
	req.Host = r.Host
	req.ContentLength = r.ContentLength
	if r.ContentLength == 0 {
		req.Body = http.NoBody
	}
	resp, err := p.client.Do(req)
	if err != nil {
		writeError(w, http.StatusBadGateway, "InternalServerError", "ddblocal: DynamoDB Local: "+err.Error())
		return
	}
	defer resp.Body.Close()
	copyHeader(w.Header(), resp.Header)
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}

// bufferedResponse is an answer of DynamoDB Local, decompressed.
type bufferedResponse struct {
	status int
	header http.Header
	json   []byte
}

// write sends the answer with x-amz-crc32 and Content-Length computed for
// its (possibly changed, never compressed) body.
func (b *bufferedResponse) write(w http.ResponseWriter) {
	h := w.Header()
	copyHeader(h, b.header)
	h.Del("Content-Encoding")
	h.Set("Content-Length", strconv.Itoa(len(b.json)))
	h.Set("X-Amz-Crc32", strconv.FormatUint(uint64(crc32.ChecksumIEEE(b.json)), 10))
	w.WriteHeader(b.status)
	_, _ = w.Write(b.json)
}

// forward sends body to DynamoDB Local with r's method, path and headers
// (without Accept-Encoding when plain is set) and reads the whole answer.
func (p *proxy) forward(r *http.Request, body []byte, plain bool) (*bufferedResponse, error) {
	req, err := http.NewRequestWithContext(r.Context(), r.Method, p.backendURL()+r.URL.RequestURI(), bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("forward: %w", err)
	}
	copyHeader(req.Header, r.Header)
	req.Header.Del("Content-Length")
	req.Host = r.Host
	if plain {
		req.Header.Del("Accept-Encoding")
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("forward to DynamoDB Local: %w", err)
	}
	defer resp.Body.Close()
	var rd io.Reader = resp.Body
	if strings.EqualFold(resp.Header.Get("Content-Encoding"), "gzip") {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return nil, fmt.Errorf("forward: gunzip answer: %w", err)
		}
		defer zr.Close()
		rd = zr
	}
	b, err := io.ReadAll(rd)
	if err != nil {
		return nil, fmt.Errorf("forward: read answer: %w", err)
	}
	return &bufferedResponse{status: resp.StatusCode, header: resp.Header, json: b}, nil
}

// call sends another DynamoDB operation to DynamoDB Local, signed like r
// (DynamoDB Local reads the access key and region, not the signature).
func (p *proxy) call(r *http.Request, op string, in map[string]any) (*bufferedResponse, error) {
	body, err := encodeJSON(in)
	if err != nil {
		return nil, err
	}
	r2 := r.Clone(r.Context())
	r2.Header.Set("X-Amz-Target", ddbTargetPrefix+op)
	return p.forward(r2, body, true)
}

// --- JSON and errors ------------------------------------------------------------

func decodeJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // keep numbers (timestamps, sizes) exactly as DynamoDB Local wrote them
	return dec.Decode(v)
}

func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encode JSON: %w", err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

func renameKey(b []byte, from, to string) ([]byte, error) {
	var m map[string]any
	if err := decodeJSON(b, &m); err != nil {
		return nil, fmt.Errorf("decode answer: %w", err)
	}
	m[to] = m[from]
	delete(m, from)
	return encodeJSON(m)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := encodeJSON(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"__type":"`+ddbErrPrefix+`InternalServerError","Message":"ddblocal: encode answer"}`)
	}
	(&bufferedResponse{status: status, header: http.Header{
		"Content-Type":     {jsonContentType},
		"X-Amzn-Requestid": {requestID()},
	}, json: b}).write(w)
}

func writeError(w http.ResponseWriter, status int, typ, msg string) {
	writeJSON(w, status, map[string]any{"__type": ddbErrPrefix + typ, "Message": msg})
}

func requestID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return strings.ToUpper(hex.EncodeToString(b[:]))
}

// tagList reads a [{Key, Value}] list.
func tagList(v any) [][2]string {
	list, _ := v.([]any)
	var out [][2]string
	for _, e := range list {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		out = append(out, [2]string{str(m["Key"]), str(m["Value"])})
	}
	return out
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func strOr(v any, def string) string {
	if s, ok := v.(string); ok && s != "" {
		return s
	}
	return def
}

// epoch is a DynamoDB timestamp: seconds since 1970 with milliseconds.
func epoch(t time.Time) json.Number {
	return json.Number(strconv.FormatFloat(float64(t.UnixMilli())/1000, 'f', 3, 64))
}

// statusRecorder remembers the status code written, for tracing.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}
