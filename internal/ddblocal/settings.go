package ddblocal

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
)

// The layer's emulation of the table settings DynamoDB Local lacks or
// mishandles: OnDemandThroughput (3.3.1 stores it at CreateTable but drops
// it on UpdateTable and fails with a NullPointerException when one side is
// missing), WarmThroughput (ignored) and resource-based policies
// (PutResourcePolicy and the rest are unknown operations).

// throughputSetting is a recorded OnDemandThroughput or WarmThroughput:
// read and write figures, 0 when not given.
type throughputSetting struct {
	read, write int64
}

// settingFields are the request fields of a throughput setting.
var (
	onDemandFields = [2]string{"MaxReadRequestUnits", "MaxWriteRequestUnits"}
	warmFields     = [2]string{"ReadUnitsPerSecond", "WriteUnitsPerSecond"}
)

// takeThroughput removes field from m and returns the setting it held, or
// nil. prev is the recorded setting: a side the request leaves out keeps
// its value.
func takeThroughput(m map[string]any, field string, names [2]string, prev *throughputSetting) *throughputSetting {
	v, ok := m[field].(map[string]any)
	delete(m, field)
	if !ok {
		return nil
	}
	out := throughputSetting{}
	if prev != nil {
		out = *prev
	}
	if n, ok := number(v[names[0]]); ok {
		out.read = n
	}
	if n, ok := number(v[names[1]]); ok {
		out.write = n
	}
	return &out
}

func number(v any) (int64, bool) {
	if v == nil {
		return 0, false
	}
	n, err := strconv.ParseInt(fmt.Sprint(v), 10, 64)
	return n, err == nil
}

// gsiSettings is what the layer records for one GSI.
type gsiSettings struct {
	onDemand, warm *throughputSetting
}

// takeSettings removes OnDemandThroughput and WarmThroughput from a
// CreateTable or UpdateTable request (the table's, and those of the GSIs
// it creates or updates) into st, once the request succeeds: the returned
// function records them. An Update of a GSI left with nothing to do is
// dropped from the request.
func takeSettings(in map[string]any, st *tableState) func() {
	onDemand := takeThroughput(in, "OnDemandThroughput", onDemandFields, st.onDemand)
	warm := takeThroughput(in, "WarmThroughput", warmFields, st.warm)
	gsis := map[string]gsiSettings{}
	take := func(g map[string]any) {
		name := str(g["IndexName"])
		prev := st.gsis[name]
		gs := gsiSettings{
			onDemand: takeThroughput(g, "OnDemandThroughput", onDemandFields, prev.onDemand),
			warm:     takeThroughput(g, "WarmThroughput", warmFields, prev.warm),
		}
		if gs.onDemand != nil || gs.warm != nil {
			gsis[name] = gs
		}
	}
	if list, ok := in["GlobalSecondaryIndexes"].([]any); ok {
		for _, g := range list {
			if m, ok := g.(map[string]any); ok {
				take(m)
			}
		}
	}
	var deleted []string
	if list, ok := in["GlobalSecondaryIndexUpdates"].([]any); ok {
		var kept []any
		for _, u := range list {
			m, _ := u.(map[string]any)
			if c, ok := m["Create"].(map[string]any); ok {
				take(c)
			}
			if d, ok := m["Delete"].(map[string]any); ok {
				deleted = append(deleted, str(d["IndexName"]))
			}
			if up, ok := m["Update"].(map[string]any); ok {
				take(up)
				if len(up) <= 1 { // only IndexName left
					continue
				}
			}
			kept = append(kept, u)
		}
		if len(kept) == 0 {
			delete(in, "GlobalSecondaryIndexUpdates")
		} else {
			in["GlobalSecondaryIndexUpdates"] = kept
		}
	}
	return func() {
		if onDemand != nil {
			st.onDemand = onDemand
		}
		if warm != nil {
			st.warm = warm
		}
		if st.gsis == nil {
			st.gsis = map[string]gsiSettings{}
		}
		for name, gs := range gsis {
			prev := st.gsis[name]
			if gs.onDemand != nil {
				prev.onDemand = gs.onDemand
			}
			if gs.warm != nil {
				prev.warm = gs.warm
			}
			st.gsis[name] = prev
		}
		for _, name := range deleted {
			delete(st.gsis, name)
		}
	}
}

// onDemandDescription is the OnDemandThroughput of a description: -1 for a
// side without a cap, as DynamoDB answers.
func onDemandDescription(t *throughputSetting) map[string]any {
	side := func(n int64) int64 {
		if n <= 0 {
			return -1
		}
		return n
	}
	return map[string]any{"MaxReadRequestUnits": side(t.read), "MaxWriteRequestUnits": side(t.write)}
}

// warmDescription is a WarmThroughput description: the recorded figures,
// DynamoDB's defaults for a side never set.
func warmDescription(t *throughputSetting, status any) map[string]any {
	r, w := int64(defaultWarmReadUnits), int64(defaultWarmWriteUnits)
	if t != nil && t.read > 0 {
		r = t.read
	}
	if t != nil && t.write > 0 {
		w = t.write
	}
	return map[string]any{"ReadUnitsPerSecond": r, "WriteUnitsPerSecond": w, "Status": strOr(status, "ACTIVE")}
}

// augmentSettings adds the recorded caps and warm throughput to a table
// description and its GSIs.
func augmentSettings(desc map[string]any, st *tableState) {
	if st.onDemand != nil {
		desc["OnDemandThroughput"] = onDemandDescription(st.onDemand)
	}
	desc["WarmThroughput"] = warmDescription(st.warm, desc["TableStatus"])
	gsis, _ := desc["GlobalSecondaryIndexes"].([]any)
	for _, g := range gsis {
		gsi, ok := g.(map[string]any)
		if !ok {
			continue
		}
		gs := st.gsis[str(gsi["IndexName"])]
		if gs.onDemand != nil {
			gsi["OnDemandThroughput"] = onDemandDescription(gs.onDemand)
		}
		gsi["WarmThroughput"] = warmDescription(gs.warm, gsi["IndexStatus"])
	}
}

// policyRevision is the RevisionId of a policy document.
func policyRevision(doc string) string {
	sum := sha256.Sum256([]byte(doc))
	return hex.EncodeToString(sum[:8])
}

func (c *call) putResourcePolicy() {
	name, ok := c.resourceTable()
	if !ok {
		return
	}
	doc := str(c.in["Policy"])
	if doc == "" {
		writeError(c.w, http.StatusBadRequest, "ValidationException", "1 validation error detected: Value null at 'policy' failed to satisfy constraint: Member must not be null")
		return
	}
	if len(doc) > 20*1024 {
		writeError(c.w, http.StatusBadRequest, "ValidationException", "Resource-based policy document exceeds the 20 KB limit")
		return
	}
	c.p.mu.Lock()
	st := c.p.state(c.key(name))
	if want := str(c.in["ExpectedRevisionId"]); want != "" && want != st.policyRevision {
		c.p.mu.Unlock()
		writeError(c.w, http.StatusBadRequest, "PolicyNotFoundException", "The expected revision id does not match the policy's")
		return
	}
	st.policy, st.policyRevision = doc, policyRevision(doc)
	rev := st.policyRevision
	c.p.mu.Unlock()
	writeJSON(c.w, http.StatusOK, map[string]any{"RevisionId": rev})
}

func (c *call) getResourcePolicy() {
	name, ok := c.resourceTable()
	if !ok {
		return
	}
	c.p.mu.Lock()
	st := c.p.state(c.key(name))
	doc, rev := st.policy, st.policyRevision
	c.p.mu.Unlock()
	if doc == "" {
		writeError(c.w, http.StatusBadRequest, "PolicyNotFoundException", fmt.Sprintf("Resource-based policy not found for the provided ResourceArn: %s", str(c.in["ResourceArn"])))
		return
	}
	writeJSON(c.w, http.StatusOK, map[string]any{"Policy": doc, "RevisionId": rev})
}

func (c *call) deleteResourcePolicy() {
	name, ok := c.resourceTable()
	if !ok {
		return
	}
	c.p.mu.Lock()
	st := c.p.state(c.key(name))
	had := st.policy != ""
	st.policy, st.policyRevision = "", ""
	c.p.mu.Unlock()
	if !had {
		writeError(c.w, http.StatusBadRequest, "PolicyNotFoundException", fmt.Sprintf("Resource-based policy not found for the provided ResourceArn: %s", str(c.in["ResourceArn"])))
		return
	}
	writeJSON(c.w, http.StatusOK, map[string]any{"RevisionId": policyRevision("deleted")})
}
