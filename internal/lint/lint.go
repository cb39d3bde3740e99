package lint

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/tfdyn/tfdyn/hclschema"
	"github.com/tfdyn/tfdyn/internal/diag"
)

// DocsBase is the repository path of the rule documentation pages.
const DocsBase = "docs/rules/"

// Rule is one static check with a stable code.
type Rule interface {
	// Code is the stable diagnostic code, e.g. "TD101".
	Code() diag.Code
	// Name is a short kebab-case name, e.g. "scan-required".
	Name() string
	// Severity is the severity of the rule's findings.
	Severity() hcl.DiagnosticSeverity
	// Link is the path of the rule's documentation page (docs/rules/<code>.md).
	Link() string
	// Check runs the rule on a schema and returns its findings, sorted.
	Check(s *hclschema.Schema) hcl.Diagnostics
}

// rule implements Rule with a check function over a shared analysis.
type rule struct {
	code     diag.Code
	name     string
	severity hcl.DiagnosticSeverity
	check    func(r *rule, a *analysis) hcl.Diagnostics
}

// Code returns the rule's stable code.
func (r *rule) Code() diag.Code { return r.code }

// Name returns the rule's kebab-case name.
func (r *rule) Name() string { return r.name }

// Severity returns the severity of the rule's findings.
func (r *rule) Severity() hcl.DiagnosticSeverity { return r.severity }

// Link returns the path of the rule's documentation page.
func (r *rule) Link() string { return DocsBase + string(r.code) + ".md" }

// Check runs the rule alone on s.
func (r *rule) Check(s *hclschema.Schema) hcl.Diagnostics {
	if s == nil {
		return nil
	}
	diags := r.check(r, newAnalysis(s))
	diag.Sort(diags)
	return diags
}

// report builds a finding with the rule's code and severity.
func (r *rule) report(subject hcl.Range, summary, detail string, args ...any) *hcl.Diagnostic {
	if r.severity == hcl.DiagWarning {
		return diag.Warnf(r.code, &subject, summary, detail, args...)
	}
	return diag.Errorf(r.code, &subject, summary, detail, args...)
}

// Rules returns every rule, ordered by code.
func Rules() []Rule {
	return []Rule{
		ruleScanRequired,
		rulePartitionNotEquality,
		ruleNonKeyCondition,
		ruleSortKeyOrder,
		ruleMultiAttributeKeyLimits,
		ruleNonScalarKey,
		ruleKeyTypeConflict,
		ruleConditionType,
		ruleBeginsWithNumber,
		ruleUnpaddedNumber,
		rulePrefixCollision,
		ruleProvenCollision,
		ruleConstantPartitionKey,
		ruleIndexLimit,
		ruleIndexWithoutEntities,
		ruleIndexWithoutPatterns,
		ruleNotProjected,
		ruleUnknownReadAttribute,
		ruleFilter,
		ruleEntityNotInIndex,
		ruleEntityWithoutExamples,
		ruleTTLNotNumber,
		ruleUnenforceableWhen,
		ruleConditionNeverMatches,
		ruleInvalidTableName,
		ruleInvalidIndexName,
		ruleInvalidAttributeName,
		ruleKeyValueSize,
		ruleItemSize,
		ruleNumberOutOfRange,
		ruleInvalidTag,
		ruleIncludeLimit,
		ruleNestingTooDeep,
		ruleEmptyMapKey,
		ruleDuplicateTableName,
		ruleExpectedResult,
		ruleCardinalityOne,
		ruleFormatWidth,
		ruleLimitOrder,
		ruleHotPartitionReads,
		ruleHotPartitionWrites,
		ruleItemCollectionSize,
		ruleDeclaredSizeBelowExample,
		ruleStaleAcceptance,
		ruleUniqueNotEnforced,
		ruleTransactionSize,
		rulePutConditionNotOnKey,
		ruleHotCounter,
		ruleUpdateChangesKey,
		ruleIndexKeyHalfSet,
		ruleSparseFlip,
		ruleValueNotInEnum,
		ruleCardinalityOneKey,
		rulePrefixBoundary,
		ruleCapBelowPeak,
		ruleTerraformNameCase,
		ruleTransactionSameItem,
		ruleLimitCutsTie,
		ruleRangeBoundPrefix,
	}
}

// Run applies every rule to s and returns the findings sorted with diag.Sort.
// s may be a partial model from a load with errors.
func Run(s *hclschema.Schema) hcl.Diagnostics {
	if s == nil {
		return nil
	}
	// Findings that an accept block accepts are left out; acceptances
	// that match none are TD144 (td144_stale_acceptance.go).
	diags, stale := applyAccepts(ruleStaleAcceptance, s, findingsOf(newAnalysis(s)))
	diags = append(diags, stale...)
	diag.Sort(diags)
	return diags
}
