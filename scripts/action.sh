#!/usr/bin/env bash
# action.sh runs the steps of the tfdyn GitHub Action (action.yml). Inputs come
# from the environment:
#   TFDYN               the tfdyn binary (default: tfdyn on PATH)
#   TFDYN_SCHEMA        schema path (required)
#   TFDYN_STEPS         comma-separated: validate, fmt, diff, emit-check, doc-check, plan, verify
#   TFDYN_DIFF_BASE     git revision the schema is compared with (diff)
#   TFDYN_EMIT_DIR      committed emitted Terraform (emit-check)
#   TFDYN_EMIT_ARGS     extra emit arguments, as committed
#   TFDYN_DOC_FILE      committed design document (doc-check)
#   TFDYN_TERRAFORM_DIR Terraform directory for plan
#   TFDYN_DIFF_ARGS, TFDYN_PLAN_ARGS, TFDYN_VERIFY_ARGS  extra arguments
#   TFDYN_REPORT_DIR    where verify's JUnit file goes (default: a temp dir)
# and GitHub's: GITHUB_STEP_SUMMARY (Markdown appended), GITHUB_OUTPUT (outputs).
# Annotations (workflow commands) go to stdout. Every step runs even when an
# earlier one failed; the script exits 1 when any step found problems, 2 when a
# step could not run (usage or environment), 130 when interrupted.
set -uo pipefail

TFDYN="${TFDYN:-tfdyn}"
: "${TFDYN_SCHEMA:?TFDYN_SCHEMA is required (the schema input of the action)}"
STEPS="${TFDYN_STEPS:-validate,fmt}"
SUMMARY="${GITHUB_STEP_SUMMARY:-/dev/null}"
OUTPUT="${GITHUB_OUTPUT:-/dev/null}"
REPORTS="${TFDYN_REPORT_DIR:-$(mktemp -d)}"
mkdir -p "$REPORTS"

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
# annotate LEVEL TITLE MESSAGE [FILE]: one workflow command.
annotate() {
  local msg=${3//'%'/'%25'}
  msg=${msg//$'\n'/'%0A'}
  msg=${msg//$'\r'/'%0D'}
  local props="title=$2"
  [ -n "${4:-}" ] && props="file=$4,$props"
  printf '::%s %s::%s\n' "$1" "$props" "$msg"
}
# repo_path PATH: PATH relative to the repository ($GITHUB_WORKSPACE), as
# annotations need it; unchanged outside a workspace.
repo_path() {
  if [ -n "${GITHUB_WORKSPACE:-}" ]; then
    realpath -m --relative-to="$GITHUB_WORKSPACE" "$1"
  else
    printf '%s\n' "$1"
  fi
}
summary_line() { printf '%s\n' "$*" >>"$SUMMARY"; }
split() { local IFS=' '; read -r -a "$1" <<<"${2:-}"; }

printf '## tfdyn: %s\n\n' "$TFDYN_SCHEMA" >>"$SUMMARY"

IFS=',' read -r -a steps <<<"$STEPS"
for raw in "${steps[@]}"; do
  step=$(echo "$raw" | tr -d '[:space:]')
  [ -n "$step" ] || continue
  echo "::group::tfdyn $step"
  case "$step" in
  validate)
    "$TFDYN" validate --format github --summary "$SUMMARY" "$TFDYN_SCHEMA"
    record validate $?
    ;;
  fmt)
    errf=$(mktemp)
    out=$("$TFDYN" fmt -check "$TFDYN_SCHEMA" 2>"$errf"); code=$?
    err=$(cat "$errf"); rm -f "$errf"
    if [ "$code" -eq 1 ] && [ -n "$out" ]; then
      while read -r f; do
        [ -n "$f" ] && annotate error "tfdyn fmt" "$f is not formatted: run tfdyn fmt $TFDYN_SCHEMA" "$(repo_path "$f")"
      done <<<"$out"
      summary_line "- **fmt**: not formatted: $(echo "$out" | paste -sd' ' -)"
    elif [ "$code" -ne 0 ]; then
      echo "$err" >&2
      annotate error "tfdyn fmt" "tfdyn fmt -check $TFDYN_SCHEMA failed: $err"
      summary_line "- **fmt**: could not check (syntax errors or unreadable files)"
    else
      summary_line "- **fmt**: formatted"
    fi
    record fmt "$code"
    ;;
  diff)
    : "${TFDYN_DIFF_BASE:?diff needs the diff-base input (a git revision such as origin/main)}"
    split diff_args "${TFDYN_DIFF_ARGS:-}"
    "$TFDYN" diff "git:$TFDYN_DIFF_BASE:$TFDYN_SCHEMA" "$TFDYN_SCHEMA" --format github --summary "$SUMMARY" "${diff_args[@]}"
    record diff $?
    ;;
  emit-check)
    : "${TFDYN_EMIT_DIR:?emit-check needs the emit-dir input}"
    split emit_args "${TFDYN_EMIT_ARGS:-}"
    out=$("$TFDYN" emit "$TFDYN_SCHEMA" -o "$TFDYN_EMIT_DIR" --check "${emit_args[@]}" 2>&1); code=$?
    echo "$out"
    if [ "$code" -ne 0 ]; then
      annotate error "tfdyn emit --check" "The Terraform in $TFDYN_EMIT_DIR does not match the schema: run tfdyn emit $TFDYN_SCHEMA -o $TFDYN_EMIT_DIR ${TFDYN_EMIT_ARGS:-} and commit.
$out" "$(repo_path "$TFDYN_EMIT_DIR")"
      summary_line "- **emit-check**: $TFDYN_EMIT_DIR is not current"
    else
      summary_line "- **emit-check**: $TFDYN_EMIT_DIR is current"
    fi
    record emit-check "$code"
    ;;
  doc-check)
    : "${TFDYN_DOC_FILE:?doc-check needs the doc-file input}"
    out=$("$TFDYN" doc "$TFDYN_SCHEMA" -o "$TFDYN_DOC_FILE" --check 2>&1); code=$?
    echo "$out"
    if [ "$code" -ne 0 ]; then
      annotate error "tfdyn doc --check" "$TFDYN_DOC_FILE does not match the schema: run tfdyn doc $TFDYN_SCHEMA -o $TFDYN_DOC_FILE and commit.
$out" "$(repo_path "$TFDYN_DOC_FILE")"
      summary_line "- **doc-check**: $TFDYN_DOC_FILE is not current"
    else
      summary_line "- **doc-check**: $TFDYN_DOC_FILE is current"
    fi
    record doc-check "$code"
    ;;
  plan)
    : "${TFDYN_TERRAFORM_DIR:?plan needs the terraform-dir input}"
    split plan_args "${TFDYN_PLAN_ARGS:-}"
    "$TFDYN" plan --dir "$TFDYN_TERRAFORM_DIR" --schema "$TFDYN_SCHEMA" --format github --summary "$SUMMARY" "${plan_args[@]}"
    record plan $?
    ;;
  verify)
    split verify_args "${TFDYN_VERIFY_ARGS:-}"
    junit="$REPORTS/tfdyn-verify.xml"
    "$TFDYN" verify "$TFDYN_SCHEMA" --format github --summary "$SUMMARY" --junit "$junit" "${verify_args[@]}"
    code=$?
    [ -f "$junit" ] && echo "junit=$junit" >>"$OUTPUT"
    record verify "$code"
    ;;
  *)
    annotate error "tfdyn action" "Unknown step \"$step\": use validate, fmt, diff, emit-check, doc-check, plan or verify."
    record "$step" 2
    ;;
  esac
  echo "::endgroup::"
done

(IFS=','; echo "failed-steps=${failed[*]:-}" >>"$OUTPUT")
if [ ${#failed[@]} -gt 0 ]; then
  summary_line ""
  summary_line "**Failed:** ${failed[*]}"
fi
exit "$worst"
