#!/bin/sh
# tests/export.sh — 'gaexp export --format iohprofiler': the distinctions IOHanalyzer must
# keep (configurations, sweeps, sizes, replicates), the JSON meta file and .dat files read
# back against each folder's summary.csv, the legacy layout, and bad inputs refused whole.
. "${srcdir:-.}/tests/lib.sh"
test_folder export
command -v python3 >/dev/null || skip_rest export "python3 is missing"
base='problem = { name = "onemax"; bits = 16; };
ga = { seed = 4; replicates = 3; population = 20; stop = { generations = 40; }; };
output = { plot = false; };'
echo "$base" > "$out/run.cfg"
check "a run (population 20)" "$GAEXP" run "$out/run.cfg" --out "$out/a" --quiet
check "a run (population 30)" "$GAEXP" run "$out/run.cfg" --out "$out/b" --quiet --set ga.population=30
check "export runs" "$GAEXP" export --format iohprofiler "$out/a" "$out/ea"
check "export of the other runs" "$GAEXP" export --format iohprofiler "$out/b" "$out/eb"

# json FOLDER: the one JSON meta file in FOLDER.
json() { ls "$1"/IOHprofiler_f*_*.json; }
# field FILE EXPRESSION: a value of the JSON file, as python prints it.
field() { python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }
check "the JSON is valid" python3 -m json.tool "$(json "$out/ea")" /dev/null
check "two configurations, two algorithm names" \
  [ "$(field "$(json "$out/ea")" 'j["algorithm"]["name"]')" != "$(field "$(json "$out/eb")" 'j["algorithm"]["name"]')" ]
check "the name says what differs from the defaults" sh -c \
  'grep -q "\"name\": \"population 30; stop generations 40 ([0-9a-f]\{8\})\"" "$0"' "$(json "$out/eb")"
check "one function id for both (the problem is the same)" \
  [ "$(field "$(json "$out/ea")" 'j["function_id"]')" = "$(field "$(json "$out/eb")" 'j["function_id"]')" ]
check "fitness minimised: maximization false" [ "$(field "$(json "$out/ea")" 'j["maximization"]')" = False ]
check "replicates are runs of one instance" \
  [ "$(field "$(json "$out/ea")" '[r["instance"] for s in j["scenarios"] for r in s["runs"]]')" = "[1, 1, 1]" ]
check "the dimension is problem.bits" [ "$(field "$(json "$out/ea")" '[s["dimension"] for s in j["scenarios"]]')" = "[16]" ]

# against FOLDER JSON: each run's evaluations, best y and seed as FOLDER's summary.csv has
# them; the .dat: a header per run, evaluations rising, the last row at the run's evaluations,
# the best y the best of raw_y; the columns the JSON's attributes name.
against() {
  python3 - "$@" <<'PY'
import csv, json, os, sys
folder, meta = sys.argv[1], sys.argv[2]
j = json.load(open(meta))
summary = list(csv.DictReader(open(os.path.join(folder, "summary.csv"))))
runs = [r for s in j["scenarios"] for r in s["runs"]]
bad = []
if len(runs) != len(summary): bad.append("%d runs, summary %d" % (len(runs), len(summary)))
for r, s in zip(runs, summary):
    if r["evals"] != int(s["evaluations"]): bad.append("evals %s vs %s" % (r["evals"], s["evaluations"]))
    if float(r["best"]["y"]) != float(s["best"]): bad.append("best %s vs %s" % (r["best"]["y"], s["best"]))
    if r["seed"] != int(s["seed"]) or r["replicate"] != int(s["replicate"]): bad.append("seed of %s" % s["replicate"])
for sc in j["scenarios"]:
    rows = [l.split() for l in open(os.path.join(os.path.dirname(meta), sc["path"]))]
    blocks = []
    for row in rows:
        if row == j["attributes"]: blocks.append([])
        elif not blocks or len(row) != len(j["attributes"]): bad.append("row %s" % row)
        else: blocks[-1].append([float(x) for x in row])
    if len(blocks) != len(sc["runs"]): bad.append("%d blocks, %d runs" % (len(blocks), len(sc["runs"])))
    for b, r in zip(blocks, sc["runs"]):
        if any(b[i][0] >= b[i + 1][0] for i in range(len(b) - 1)): bad.append("evaluations do not rise")
        if b[-1][0] != r["evals"]: bad.append("last row %s vs evals %s" % (b[-1][0], r["evals"]))
        best = (max if j["maximization"] else min)(x[1] for x in b)
        if best != float(r["best"]["y"]): bad.append("best of raw_y %s vs %s" % (best, r["best"]["y"]))
if bad: print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
}
check "the runs' numbers are gaexp's (evaluations, best, seeds; the .dat)" against "$out/a" "$(json "$out/ea")"
check "the other export's too" against "$out/b" "$(json "$out/eb")"
check "the columns: evaluations, raw_y and the statistics" \
  [ "$(field "$(json "$out/ea")" '" ".join(j["attributes"])')" = "evaluations raw_y mean std diversity" ]
check "the configuration and its digest are attributes" sh -c \
  'grep -q "\"settings\": \".*\\\\nga.population = 20\\\\n" "$0" && grep -q "\"configuration\": \"[0-9a-f]\{16\}\"" "$0"' "$(json "$out/ea")"

# ---- output.algorithm names the configuration
check "a run named by output.algorithm" "$GAEXP" run "$out/run.cfg" --out "$out/c" --quiet --set output.algorithm=myga
check "its export" "$GAEXP" export --format iohprofiler "$out/c" "$out/ec"
check "the name is output.algorithm" [ "$(field "$(json "$out/ec")" 'j["algorithm"]["name"]')" = myga ]

# ---- a sweep of the size: one algorithm, three dimensions
cat > "$out/size.cfg" <<CFG
$base
sweep = ( { set = "problem.bits"; values = [16, 32, 64]; } );
CFG
check "a size sweep" "$GAEXP" sweep "$out/size.cfg" --out "$out/size" --quiet
check "its export" "$GAEXP" export --format iohprofiler "$out/size" "$out/esize"
check "a size sweep is one algorithm (one meta file)" [ "$(ls "$out"/esize/*/*.json | wc -l)" -eq 1 ]
check "over three dimensions" [ "$(field "$(json "$out/esize/p001")" '[s["dimension"] for s in j["scenarios"]]')" = "[16, 32, 64]" ]
check "its replicates are runs of instance 1" \
  [ "$(field "$(json "$out/esize/p001")" '[len(s["runs"]) for s in j["scenarios"] if {r["instance"] for r in s["runs"]} == {1}]')" = "[3, 3, 3]" ]
check "the size sweep's point of 16 bits is the run's algorithm" \
  [ "$(field "$(json "$out/esize/p001")" 'j["algorithm"]["name"]')" = "$(field "$(json "$out/ea")" 'j["algorithm"]["name"]')" ]

# output.algorithm over a sweep of the problem's settings alone: the name is
# the user's word, so that it meets an IOHexperimenter algorithm of that name
# (it was "myga; all settings alike", the figures' legend for nothing swept).
check "a size sweep named by output.algorithm" "$GAEXP" sweep "$out/size.cfg" --out "$out/sizenamed" --quiet \
  --set output.algorithm=myga
check "its export" "$GAEXP" export --format iohprofiler "$out/sizenamed" "$out/esizenamed"
check "the size sweep's name is output.algorithm alone" \
  [ "$(field "$(json "$out/esizenamed/p001")" 'j["algorithm"]["name"]')" = myga ]

# ---- two sweeps of the same values differing in an unswept setting: no name shared
for pop in 20 30; do
  cat > "$out/rate$pop.cfg" <<CFG
$base
sweep = ( { set = "ga.mutation.rate"; values = [0.01, 0.05]; } );
CFG
  check "a sweep of the mutation rate, population $pop" "$GAEXP" sweep "$out/rate$pop.cfg" --out "$out/r$pop" \
    --quiet --set ga.population=$pop
  check "its export" "$GAEXP" export --format iohprofiler "$out/r$pop" "$out/er$pop"
  for f in "$out"/er$pop/*/*.json; do field "$f" 'j["algorithm"]["name"]'; done | sort > "$out/names$pop"
done
check "a sweep's points are two algorithms" [ "$(sort -u "$out/names20" | wc -l)" -eq 2 ]
check "two sweeps differing in an unswept setting share no name" [ -z "$(comm -12 "$out/names20" "$out/names30")" ]
check "a sweep's point against its summary.csv" against "$out/r20/p002" "$(json "$out/er20/p002")"

# ---- Exact hitting times: runs that go on past the target (at_target
# false), whose copies are not evaluated, so that generations cost unequal
# evaluations.  The target is reached in the middle of a generation: the
# evaluation that reached it is in summary.csv (evaluations_to_target, in
# the generation whose best first reached it, below that generation's
# end), in the report's ERT (runs' evaluations to the target, or all they
# spent, per solved run) and in the export (the .dat's first line at the
# target, the JSON's best evaluation: summary.csv's evaluations_found).
cat > "$out/hit.cfg" <<'CFG'
problem = { name = "onemax"; bits = 16; };
ga = { seed = 4; replicates = 6; population = 20; stop = { generations = 40; at_target = false; }; };
output = { plot = false; };
CFG
check "runs past the target" "$GAEXP" run "$out/hit.cfg" --out "$out/hit" --quiet
check "their export" "$GAEXP" export --format iohprofiler "$out/hit" "$out/ehit"
"$GAEXP" report "$out/hit" >"$out/hit.report"
hitting() {
  python3 - "$1" "$2" "$3" "$4" <<'PY'
import csv, json, os, re, sys
folder, meta, report, what = sys.argv[1:5]
summary = list(csv.DictReader(open(os.path.join(folder, "summary.csv"))))
gens = list(csv.DictReader(open(os.path.join(folder, "generations.csv"))))
solved = [s for s in summary if s["solved"] == "1"]
bad, inside = [], 0
if what == "summary":
    for s in summary:
        rows = [g for g in gens if g["replicate"] == s["replicate"]]
        if s["solved"] == "0":
            if s["evaluations_to_target"] != "": bad.append("unsolved run %s has a hitting time" % s["replicate"])
            continue
        k = next(i for i, g in enumerate(rows) if float(g["best"]) <= 0)
        hit, end = int(s["evaluations_to_target"]), int(rows[k]["evaluations"])
        before = int(rows[k - 1]["evaluations"]) if k else 0
        if not before < hit <= end: bad.append("run %s: %d not in (%d, %d]" % (s["replicate"], hit, before, end))
        if rows[k]["evaluations_found"] != s["evaluations_to_target"]: bad.append("run %s: found %s" % (s["replicate"], rows[k]["evaluations_found"]))
        if int(s["evaluations"]) <= hit: bad.append("run %s did not go on" % s["replicate"])
        inside += hit < end
    if len(solved) < 2 or inside < 2: bad.append("%d solved, %d in the middle of a generation" % (len(solved), inside))
elif what == "ert":
    spent = sum(int(s["evaluations_to_target"] or s["evaluations"]) for s in summary)
    ert = re.search(r"^ERT (\S+)", open(report).read(), re.M).group(1)
    if abs(float(ert) - spent / len(solved)) > 0.5: bad.append("ERT %s, expected %g" % (ert, spent / len(solved)))
else:
    j = json.load(open(meta))
    runs = [r for sc in j["scenarios"] for r in sc["runs"]]
    rows = [l.split() for l in open(os.path.join(os.path.dirname(meta), j["scenarios"][0]["path"]))]
    blocks = []
    for row in rows:
        if row == j["attributes"]: blocks.append([])
        else: blocks[-1].append(row)
    for s, r, b in zip(summary, runs, blocks):
        if r["best"]["evals"] != int(s["evaluations_found"]): bad.append("best evals %s vs %s" % (r["best"]["evals"], s["evaluations_found"]))
        if s["solved"] == "1":
            first = next(int(x[0]) for x in b if float(x[1]) <= 0)
            if first != int(s["evaluations_to_target"]): bad.append("the .dat reaches the target at %d, not %s" % (first, s["evaluations_to_target"]))
if bad: print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
}
check "summary.csv: the exact evaluation of the target, inside its generation" hitting "$out/hit" - - summary
check "report: the ERT from the exact evaluations" hitting "$out/hit" - "$out/hit.report" ert
check "export: the .dat reaches the target at that evaluation, the best at evaluations_found" \
  hitting "$out/hit" "$(json "$out/ehit")" - export
check "export: the runs' numbers are gaexp's" against "$out/hit" "$(json "$out/ehit")"

# ---- pbo: IOH's function id, dimension and instance; IOH's value y, maximised
cat > "$out/pbo.cfg" <<'CFG'
problem = { name = "pbo"; function = 2; dimension = 16; instance = 3; };
ga = { seed = 2; replicates = 2; population = 20; stop = { generations = 30; }; };
output = { plot = false; };
CFG
check "a pbo run" "$GAEXP" run "$out/pbo.cfg" --out "$out/pbo" --quiet
check "its export" "$GAEXP" export --format iohprofiler "$out/pbo" "$out/epbo"
check "pbo: IOH's function id and name, dimension, instance, maximised" \
  [ "$(field "$(json "$out/epbo")" '(j["function_id"], j["function_name"], j["maximization"], j["scenarios"][0]["dimension"], {r["instance"] for r in j["scenarios"][0]["runs"]})')" = "(2, 'LeadingOnes', True, 16, {3})" ]
check "pbo: y is the problem's column 'value', the fitness a column" \
  [ "$(field "$(json "$out/epbo")" '" ".join(j["attributes"])')" = "evaluations raw_y mean std diversity fitness" ]
check "pbo: each run's best y is the best of its 'value'" sh -c '
  awk -F, "NR > 1 && (!(\$1 in m) || \$10 > m[\$1]) { m[\$1] = \$10 } END { for (r in m) print r, m[r] }" "$1/generations.csv" | sort > "$2.values"
  python3 -c "import json, sys; j = json.load(open(sys.argv[1])); [print(r[\"replicate\"], r[\"best\"][\"y\"]) for r in j[\"scenarios\"][0][\"runs\"]]" "$3" | sort | cmp -s - "$2.values"' \
  sh "$out/pbo" "$out/pbo" "$(json "$out/epbo")"

# ---- bbob: COCO's function number, IOHexperimenter's function name
cat > "$out/bbob.cfg" <<'CFG'
problem = { name = "bbob"; function = 19; dimension = 5; instance = 2; };
ga = { seed = 2; replicates = 1; population = 20; stop = { generations = 5; }; };
output = { plot = false; };
CFG
check "a bbob run" "$GAEXP" run "$out/bbob.cfg" --out "$out/bbob" --quiet
check "its export" "$GAEXP" export --format iohprofiler "$out/bbob" "$out/ebbob"
check "bbob: the function's id and IOH's name, the dimension, minimised" \
  [ "$(field "$(json "$out/ebbob")" '(j["function_id"], j["function_name"], j["maximization"], j["scenarios"][0]["dimension"])')" = "(19, 'GriewankRosenBrock', False, 5)" ]

# ---- the legacy layout, on request
check "--format iohprofiler-legacy" "$GAEXP" export --format iohprofiler-legacy "$out/r20" "$out/legacy"
id=$(field "$(json "$out/ea")" 'j["function_id"]')
check "legacy: a folder per point, three lines" [ "$(wc -l < "$out/legacy/p001/IOHprofiler_f${id}_onemax.info")" -eq 3 ]
check "legacy: line 1" sh -c 'sed -n 1p "$0" | grep -qx "suite = \"ONEMAX\", funcId = $1, funcName = \"onemax\", DIM = 16, maximization = \"F\", algId = \"mutation rate 0.05; population 20; stop generations 40 ([0-9a-f]\{8\})\", algInfo = \"gaexp [0-9.]* configuration [0-9a-f]\{16\}\""' \
  "$out/legacy/p002/IOHprofiler_f${id}_onemax.info" "$id"
check "legacy: the runs of instance 1, as summary.csv" sh -c '
  sed -n 3p "$0" | tr "," "\n" | tail -n +2 | tr -d " " > "$0.runs"
  tail -n +2 "$1/summary.csv" | awk -F, "{ print \"1:\" \$6 \"|\" \$4 }" | cmp -s - "$0.runs"' \
  "$out/legacy/p002/IOHprofiler_f${id}_onemax.info" "$out/r20/p002"
check "legacy: the .dat's five columns" sh -c 'head -1 "$0" | grep -qx "\"function evaluation\" \"current f(x)\" \"best-so-far f(x)\" \"current af(x)+b\" \"best af(x)+b\""' \
  "$out/legacy/p002/data_f${id}_onemax/IOHprofiler_f${id}_DIM16.dat"

# ---- bad inputs: one message, exit 2, nothing written
# refused DESCRIPTION OUT ARGS...: exit 2, one line on stderr, OUT as it was.
refused() {
  what=$1 to=$2; shift 2
  before=$(ls -A "$to" 2>/dev/null | sort | tr '\n' ' ')
  "$GAEXP" export "$@" 2>"$out/err"; rc=$?
  after=$(ls -A "$to" 2>/dev/null | sort | tr '\n' ' ')
  check "$what: exit 2" [ $rc -eq 2 ]
  check "$what: one message" [ "$(wc -l < "$out/err")" -eq 1 ]
  check "$what: nothing written" [ "$before" = "$after" ]
}
mkdir -p "$out/notrun"; echo x > "$out/notrun/file"
refused "not a run or sweep folder" "$out/enot" --format iohprofiler "$out/notrun" "$out/enot"
check "not a run or sweep folder: no OUT made" [ ! -e "$out/enot" ]
mkdir -p "$out/full"; echo mine > "$out/full/notes.txt"
refused "an OUT that holds files, without --force" "$out/full" --format iohprofiler "$out/a" "$out/full"
refused "an OUT already exported, without --force" "$out/ea" --format iohprofiler "$out/a" "$out/ea"
refused "a format other than iohprofiler" "$out/ecsv" --format csv "$out/a" "$out/ecsv"
check "--force replaces an export whole" "$GAEXP" export --format iohprofiler "$out/b" "$out/ea" --force
check "--force: the other run's export now" \
  [ "$(field "$(json "$out/ea")" 'j["algorithm"]["name"]')" = "$(field "$(json "$out/eb")" 'j["algorithm"]["name"]')" ]
test_summary "export"
