#!/bin/sh
# tests/export.sh — 'gaexp export --format iohprofiler': an exported sweep read back
# against IOHprofiler's v1 rules and checked against each point's summary.csv.
. "${srcdir:-.}/tests/lib.sh"
test_folder export
cat > "$out/sweep.cfg" <<'CFG'
problem = { name = "derful"; n = 4; };
ga = { seed = 4; replicates = 4; population = 40; stop = { generations = 60; }; };
sweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.9]; } );
CFG
check "a sweep runs" "$GAEXP" sweep "$out/sweep.cfg" --out "$out/s" --quiet
check "export runs" "$GAEXP" export --format iohprofiler "$out/s" "$out/ioh"
check "an existing OUT is refused" sh -c '"$0" export --format iohprofiler "$1" "$2" 2>/dev/null; [ $? -eq 2 ]' \
  "$GAEXP" "$out/s" "$out/ioh"
check "a format other than iohprofiler is refused" sh -c '"$0" export --format csv "$1" "$2/x" 2>/dev/null; [ $? -eq 2 ]' \
  "$GAEXP" "$out/s" "$out"
id=$("$GAEXP" list | grep -n '^  [a-z]' | grep -n ' derful ' | cut -d: -f1)

# One point against the rules: $1 point folder name.
point() {
  p=$1 info=$out/ioh/$1/IOHprofiler_f${id}_derful.info dat=$out/ioh/$1/data_f${id}_derful/IOHprofiler_f${id}_DIM16.dat
  [ -s "$info" ] && [ -s "$dat" ] || { echo "point $p: missing $info or $dat"; return 1; }
  [ "$(wc -l < "$info")" -eq 3 ] || { echo "point $p: .info is not 3 lines"; return 1; }
  sed -n 1p "$info" | grep -qx "suite = \"gaexp\", funcId = $id, funcName = \"derful\", DIM = 16, maximization = \"F\", algId = \"mutation rate [0-9.]*\", algInfo = \"gaexp sweep point $p\"" ||
    { echo "point $p: line 1 of .info"; return 1; }
  sed -n 2p "$info" | grep -q '^%' || { echo "point $p: line 2 is not a % comment"; return 1; }
  sed -n 3p "$info" | grep -q "^data_f${id}_derful/IOHprofiler_f${id}_DIM16.dat, 1:" || { echo "point $p: line 3 path"; return 1; }
  # The .dat runs: a header each, evaluations rising, best-so-far never rising; each run's
  # last line against the .info entry and summary.csv (evaluations, best).
  sed -n 3p "$info" | tr ',' '\n' | tail -n +2 | tr -d ' ' | tr ':|' '  ' > "$out/$p.info-runs"
  tail -n +2 "$out/s/$p/summary.csv" | awk -F, '{ print $1, $6, $4 }' > "$out/$p.summary-runs"
  awk -v runs="$out/$p.info-runs" -v summary="$out/$p.summary-runs" '
    function end_run() { if (run) last[run] = evals " " best }
    /^"function evaluation" "current f\(x\)" "best-so-far f\(x\)" "current af\(x\)\+b" "best af\(x\)\+b"$/ {
      end_run(); run++; prev_e = -1; prev_b = ""; next }
    NF != 5 || run == 0 { print "bad line " NR; bad = 1; next }
    { if ($1 <= prev_e) { print "evaluations do not rise at line " NR; bad = 1 }
      if (prev_b != "" && $3 > prev_b) { print "best-so-far rises at line " NR; bad = 1 }
      if ($3 != $5 || $2 != $4) { print "af(x)+b differs at line " NR; bad = 1 }
      prev_e = $1; prev_b = $3; evals = $1; best = $3 }
    END {
      end_run()
      n = 0; while ((getline l < runs) > 0) { split(l, f, " "); n++
        if (f[1] != n || last[n] != f[2] " " f[3]) { print "info run " n ": " l " vs dat " last[n]; bad = 1 } }
      if (n != run) { print "info has " n " runs, dat " run; bad = 1 }
      m = 0; while ((getline l < summary) > 0) { split(l, f, " "); m++
        if (last[f[1]] != f[2] " " f[3] + 0) { print "summary replicate " f[1] ": " f[2] " " f[3] " vs dat " last[f[1]]; bad = 1 } }
      if (m != run) { print "summary has " m " replicates, dat " run; bad = 1 }
      exit bad }' "$dat"
}
for p in p001 p002; do
  check "$p follows the v1 rules and matches summary.csv" point "$p"
done
check "one algorithm id per point" [ "$(cat "$out"/ioh/p00*/IOHprofiler_*.info | sed -n 's/.*algId = "\([^"]*\)".*/\1/p' | sort -u | wc -l)" -eq 2 ]
check "a run folder exports too" "$GAEXP" export --format iohprofiler "$out/s/p001" "$out/ioh-run"
check "into OUT itself" [ -s "$out/ioh-run/IOHprofiler_f${id}_derful.info" ]
test_summary "export"
