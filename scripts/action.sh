#!/usr/bin/env bash
# action.sh runs the steps of the tfdyn GitHub Action (action.yml). Inputs come
# from the environment:
#   TFDYN               the tfdyn binary (default: tfdyn on PATH)
#   TFDYN_SCHEMA        schema paths, one per line: a schema file, a schema
#                       directory or a directory of schemas (one per subdirectory)
#   TFDYN_STEPS         comma-separated: validate, fmt, diff, emit-check, doc-check, gen-check, plan, verify
#   TFDYN_DIFF_BASE     git revision the schemas are compared with (diff)
#   TFDYN_EMIT_DIR      committed emitted Terraform (emit-check; with several
#                       schemas one directory per schema under it)
#   TFDYN_EMIT_ARGS     extra emit arguments, as committed
#   TFDYN_DOC_FILE      committed design document (doc-check; with several
#                       schemas a directory of one document per schema)
#   TFDYN_GEN_DIR       committed generated Go package (gen-check; with several
#                       schemas one package directory per schema under it)
#   TFDYN_GEN_ARGS      extra gen go arguments, as committed (--package NAME)
#   TFDYN_TERRAFORM_DIR Terraform directory for plan
#   TFDYN_DIFF_ARGS, TFDYN_PLAN_ARGS, TFDYN_VERIFY_ARGS  extra arguments
#   TFDYN_REPORT_DIR    where verify's JUnit files go (default: a temp dir made
#                       when a verify step runs, and kept: the junit output
#                       names a file in it)
# and GitHub's: GITHUB_STEP_SUMMARY (Markdown appended), GITHUB_OUTPUT (outputs).
#
# The *_ARGS inputs are split like a shell command line, without expanding
# anything: quote an argument that holds spaces, as in
#   --ack 'SD401=access_pattern.x:no caller left'   or   --ack SD401:"no caller left"
# Annotations (workflow commands) go to stdout. Every step runs even when an
# earlier one failed or could not run (a missing input is that step's error,
# not the run's end); outputs are always written. The script exits 1 when any
# step found problems, 2 when a step could not run (usage, a missing input or
# the environment), 130 when interrupted.
set -uo pipefail

TFDYN="${TFDYN:-tfdyn}"
STEPS="${TFDYN_STEPS:-validate,fmt}"
SUMMARY="${GITHUB_STEP_SUMMARY:-/dev/null}"
OUTPUT="${GITHUB_OUTPUT:-/dev/null}"
REPORTS="${TFDYN_REPORT_DIR:-}"

worst=0
failed=()
record() { # record STEP CODE
  local step=$1 code=$2
  if [ "$code" -ne 0 ]; then
    failed+=("$step")
    if [ "$code" -eq 130 ] || { [ "$code" -eq 2 ] && [ "$worst" -ne 130 ]; } || [ "$worst" -eq 0 ]; then
      worst=$code
    fi
  fi
}
# escape_data TEXT: the message of a workflow command (%, CR, LF escaped).
escape_data() {
  local s=${1//'%'/'%25'}
  s=${s//$'\r'/'%0D'}
  printf '%s' "${s//$'\n'/'%0A'}"
}
# escape_property TEXT: a property of a workflow command (file, title): the
# message's escapes plus ":" and ",", which end a property.
escape_property() {
  local s
  s=$(escape_data "$1")
  s=${s//':'/'%3A'}
  printf '%s' "${s//','/'%2C'}"
}
# annotate LEVEL TITLE MESSAGE [FILE]: one workflow command.
annotate() {
  local props
  props="title=$(escape_property "$2")"
  [ -n "${4:-}" ] && props="file=$(escape_property "$4"),$props"
  printf '::%s %s::%s\n' "$1" "$props" "$(escape_data "$3")"
}
# repo_path PATH: PATH relative to the repository ($GITHUB_WORKSPACE), as
# annotations need it; unchanged outside a workspace.
repo_path() {
  if [ -n "${GITHUB_WORKSPACE:-}" ]; then
    realpath -m --relative-to="$GITHUB_WORKSPACE" -- "$1"
  else
    printf '%s\n' "$1"
  fi
}
summary_line() { printf '%s\n' "$*" >>"$SUMMARY"; }
# needs STEP VALUE INPUT WHAT: fails STEP (exit 2, an annotation and a summary
# line) when its input is empty; the other steps still run.
needs() {
  [ -n "$2" ] && return 0
  annotate error "tfdyn $1" "The $1 step needs the $3 input ($4); it did not run."
  summary_line "- **$1**: not run: the $3 input is missing"
  record "$1" 2
  return 1
}
# split_args STEP ARRAY TEXT: splits TEXT like a shell command line (quotes
# and backslashes, no expansion) into the array named ARRAY; an unmatched
# quote fails STEP.
split_args() {
  local -n _args=$2
  _args=()
  [ -n "${3//[[:space:]]/}" ] || return 0
  local tmp err
  tmp=$(mktemp)
  if ! printf '%s\n' "$3" | xargs printf '%s\0' >"$tmp" 2>"$tmp.err"; then
    err=$(head -n1 "$tmp.err")
    err=${err#xargs: }
    err=${err%%;*} # GNU xargs adds advice about its -0 option
    rm -f "$tmp" "$tmp.err"
    annotate error "tfdyn $1" "The arguments of the $1 step cannot be split: $err (quote each argument that holds spaces once: --ack 'CODE=ADDRESS:a reason')."
    summary_line "- **$1**: not run: its arguments cannot be split"
    record "$1" 2
    return 1
  fi
  mapfile -d '' _args <"$tmp"
  rm -f "$tmp" "$tmp.err"
}

# The schema paths, one per line (surrounding blanks and empty lines dropped).
paths=()
while IFS= read -r line; do
  line="${line#"${line%%[![:space:]]*}"}"
  line="${line%"${line##*[![:space:]]}"}"
  [ -n "$line" ] && paths+=("$line")
done <<<"${TFDYN_SCHEMA:-}"
shown="${paths[*]:-}"

# schemas: every schema the paths name (tfdyn schemas), for the steps that
# run once per schema; listed when first needed.
schemas=()
listed=""
list_schemas() { # list_schemas STEP
  if [ -z "$listed" ]; then
    local errf out code
    errf=$(mktemp)
    out=$("$TFDYN" schemas -- "${paths[@]}" 2>"$errf"); code=$?
    listed_err=$(cat "$errf"); rm -f "$errf"
    listed=$code
    [ "$code" -eq 0 ] && mapfile -t schemas <<<"$out"
  fi
  if [ "$listed" -ne 0 ]; then
    echo "$listed_err" >&2
    annotate error "tfdyn $1" "No schema to run $1 on: $listed_err"
    summary_line "- **$1**: not run: no schema in $shown"
    record "$1" "$listed"
    return 1
  fi
}

printf '## tfdyn: %s\n\n' "$shown" >>"$SUMMARY"

junits=()
IFS=',' read -r -a steps <<<"$STEPS"
for raw in "${steps[@]}"; do
  step=$(echo "$raw" | tr -d '[:space:]')
  [ -n "$step" ] || continue
  echo "::group::tfdyn $step"
  case "$step" in
  validate)
    if needs validate "$shown" schema "the schema paths, one per line"; then
      "$TFDYN" validate --format github --summary "$SUMMARY" -- "${paths[@]}"
      record validate $?
    fi
    ;;
  fmt)
    if needs fmt "$shown" schema "the schema paths, one per line"; then
      errf=$(mktemp)
      out=$("$TFDYN" fmt -check -- "${paths[@]}" 2>"$errf"); code=$?
      err=$(cat "$errf"); rm -f "$errf"
      if [ "$code" -eq 1 ] && [ -n "$out" ]; then
        while read -r f; do
          [ -n "$f" ] && annotate error "tfdyn fmt" "$f is not formatted: run tfdyn fmt $shown" "$(repo_path "$f")"
        done <<<"$out"
        summary_line "- **fmt**: not formatted: $(echo "$out" | paste -sd' ' -)"
      elif [ "$code" -ne 0 ]; then
        echo "$err" >&2
        annotate error "tfdyn fmt" "tfdyn fmt -check $shown failed: $err"
        summary_line "- **fmt**: could not check (syntax errors or unreadable files)"
      else
        summary_line "- **fmt**: formatted"
      fi
      record fmt "$code"
    fi
    ;;
  diff)
    if needs diff "$shown" schema "the schema paths, one per line" &&
      needs diff "${TFDYN_DIFF_BASE:-}" diff-base "a git revision such as origin/main" &&
      split_args diff diff_args "${TFDYN_DIFF_ARGS:-}" && list_schemas diff; then
      for s in "${schemas[@]}"; do
        if ! git cat-file -e "$TFDYN_DIFF_BASE:./$s" 2>/dev/null; then
          annotate notice "tfdyn diff" "$s is new since $TFDYN_DIFF_BASE: nothing to compare it with." "$(repo_path "$s")"
          summary_line "- **diff**: $s is new since $TFDYN_DIFF_BASE"
          continue
        fi
        "$TFDYN" diff --format github --summary "$SUMMARY" "${diff_args[@]}" -- "git:$TFDYN_DIFF_BASE:$s" "$s"
        record diff $?
      done
    fi
    ;;
  emit-check)
    if needs emit-check "$shown" schema "the schema paths, one per line" &&
      needs emit-check "${TFDYN_EMIT_DIR:-}" emit-dir "the directory of the committed emitted Terraform" &&
      split_args emit-check emit_args "${TFDYN_EMIT_ARGS:-}"; then
      out=$("$TFDYN" emit --check --out="$TFDYN_EMIT_DIR" "${emit_args[@]}" -- "${paths[@]}" 2>&1); code=$?
      echo "$out"
      if [ "$code" -ne 0 ]; then
        annotate error "tfdyn emit --check" "The Terraform in $TFDYN_EMIT_DIR does not match the schema: run tfdyn emit $shown -o $TFDYN_EMIT_DIR ${TFDYN_EMIT_ARGS:-} and commit.
$out" "$(repo_path "$TFDYN_EMIT_DIR")"
        summary_line "- **emit-check**: $TFDYN_EMIT_DIR is not current"
      else
        summary_line "- **emit-check**: $TFDYN_EMIT_DIR is current"
      fi
      record emit-check "$code"
    fi
    ;;
  doc-check)
    if needs doc-check "$shown" schema "the schema paths, one per line" &&
      needs doc-check "${TFDYN_DOC_FILE:-}" doc-file "the committed design document"; then
      out=$("$TFDYN" doc --check --out="$TFDYN_DOC_FILE" -- "${paths[@]}" 2>&1); code=$?
      echo "$out"
      if [ "$code" -ne 0 ]; then
        annotate error "tfdyn doc --check" "$TFDYN_DOC_FILE does not match the schema: run tfdyn doc $shown -o $TFDYN_DOC_FILE and commit.
$out" "$(repo_path "$TFDYN_DOC_FILE")"
        summary_line "- **doc-check**: $TFDYN_DOC_FILE is not current"
      else
        summary_line "- **doc-check**: $TFDYN_DOC_FILE is current"
      fi
      record doc-check "$code"
    fi
    ;;
  gen-check)
    if needs gen-check "$shown" schema "the schema paths, one per line" &&
      needs gen-check "${TFDYN_GEN_DIR:-}" gen-dir "the directory of the committed generated Go package" &&
      split_args gen-check gen_args "${TFDYN_GEN_ARGS:-}"; then
      out=$("$TFDYN" gen go --check --out="$TFDYN_GEN_DIR" "${gen_args[@]}" -- "${paths[@]}" 2>&1); code=$?
      echo "$out"
      if [ "$code" -ne 0 ]; then
        annotate error "tfdyn gen go --check" "The Go package in $TFDYN_GEN_DIR does not match the schema: run tfdyn gen go $shown -o $TFDYN_GEN_DIR ${TFDYN_GEN_ARGS:-} and commit.
$out" "$(repo_path "$TFDYN_GEN_DIR")"
        summary_line "- **gen-check**: $TFDYN_GEN_DIR is not current"
      else
        summary_line "- **gen-check**: $TFDYN_GEN_DIR is current"
      fi
      record gen-check "$code"
    fi
    ;;
  plan)
    if needs plan "$shown" schema "the schema paths, one per line" &&
      needs plan "${TFDYN_TERRAFORM_DIR:-}" terraform-dir "the Terraform directory to plan" &&
      split_args plan plan_args "${TFDYN_PLAN_ARGS:-}" && list_schemas plan; then
      for s in "${schemas[@]}"; do
        "$TFDYN" plan --dir="$TFDYN_TERRAFORM_DIR" --schema="$s" --format github --summary "$SUMMARY" "${plan_args[@]}"
        record plan $?
      done
    fi
    ;;
  verify)
    if needs verify "$shown" schema "the schema paths, one per line" &&
      split_args verify verify_args "${TFDYN_VERIFY_ARGS:-}" && list_schemas verify; then
      if [ -z "$REPORTS" ]; then
        REPORTS=$(mktemp -d "${TMPDIR:-/tmp}/tfdyn-reports.XXXXXX")
      fi
      mkdir -p "$REPORTS"
      for s in "${schemas[@]}"; do
        junit="$REPORTS/tfdyn-verify.xml"
        if [ "${#schemas[@]}" -gt 1 ]; then
          name=$(printf '%s' "$s" | tr -c 'A-Za-z0-9._-' '_')
          junit="$REPORTS/tfdyn-verify-$name.xml"
        fi
        "$TFDYN" verify --format github --summary "$SUMMARY" --junit "$junit" "${verify_args[@]}" -- "$s"
        code=$?
        [ -f "$junit" ] && junits+=("$junit")
        record verify "$code"
      done
    fi
    ;;
  *)
    annotate error "tfdyn action" "Unknown step \"$step\": use validate, fmt, diff, emit-check, doc-check, gen-check, plan or verify."
    record "$step" 2
    ;;
  esac
  echo "::endgroup::"
done

if [ ${#junits[@]} -eq 1 ]; then
  echo "junit=${junits[0]}" >>"$OUTPUT"
elif [ ${#junits[@]} -gt 1 ]; then
  {
    echo "junit<<tfdyn-junit-paths"
    printf '%s\n' "${junits[@]}"
    echo "tfdyn-junit-paths"
  } >>"$OUTPUT"
fi
# A step recorded once per failing schema is named once.
names=()
for f in "${failed[@]}"; do
  case " ${names[*]:-} " in *" $f "*) ;; *) names+=("$f") ;; esac
done
(IFS=','; echo "failed-steps=${names[*]:-}" >>"$OUTPUT")
if [ ${#names[@]} -gt 0 ]; then
  summary_line ""
  summary_line "**Failed:** ${names[*]}"
fi
exit "$worst"
