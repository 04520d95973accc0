#!/bin/sh
# tests/slurm.sh — doc/clusters.md's Slurm batch script on a real one-node Slurm
# cluster on localhost (2 CPUs): Debian's slurm-wlm and munge, installed when
# missing, with their own configuration in a temporary folder and only the
# loopback network.  The sweep the script writes must equal the one-process
# sweep byte for byte (times.csv and the PNGs aside); a second submission,
# cancelled midway with scancel and resubmitted, must resume to the same
# folder.  Every daemon it started is stopped, whatever happens.  Needs root
# (or sudo) for the daemons; skipped (77) when Slurm cannot be installed.
# Run by 'make check-slurm' and by tests/run.sh.
. "${srcdir:-.}/tests/lib.sh"
srcdir=$(cd "$srcdir" && pwd)

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    exec sudo -E sh "$0" "$@"
  fi
  echo "slurm: skipped (the daemons need root, and sudo is not available)"
  exit 77
fi

# ---- packages --------------------------------------------------------------
missing=
for p in slurm-wlm munge; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "slurm: installing$missing"
  # shellcheck disable=SC2086  # a list of package names
  if ! { apt-get -o DPkg::Lock::Timeout=900 update -qq &&
         DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq \
           --no-install-recommends $missing >/dev/null; }; then
    echo "slurm: skipped (could not install$missing)"
    exit 77
  fi
fi
# The packages start their own daemons where an init system runs; ours use
# other ports, sockets and state folders, so both can live side by side.

test_folder slurm
out=$(pwd)/$out
tmp=$(mktemp -d /tmp/gaexp-slurm.XXXXXX)
chmod 755 "$tmp"
started=$(date +%s)

# ---- stop every daemon we started, whatever happens ---------------------------
stop_daemons() {
  for name in slurmd slurmctld munged; do
    [ -s "$tmp/$name.pid" ] || continue
    pid=$(cat "$tmp/$name.pid")
    kill "$pid" 2>/dev/null || continue
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    kill -KILL "$pid" 2>/dev/null
  done
}
cleanup() {
  if [ -n "${SLURM_CONF:-}" ] && [ -s "$tmp/slurmctld.pid" ]; then # no job left behind
    scancel --quiet --full --user=root 2>/dev/null
    i=0
    while [ -n "$(squeue -h 2>/dev/null)" ] && [ $i -lt 100 ]; do sleep 0.2; i=$((i + 1)); done
  fi
  stop_daemons
  for d in /proc/[0-9]*; do # a job's process that outlived its step daemon works in $tmp
    case $(readlink "$d/cwd" 2>/dev/null) in "$tmp"/*) kill -KILL "${d#/proc/}" 2>/dev/null ;; esac
  done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- a gaexp built with MPI (the batch script runs it under mpirun) ----------
gaexp=$GAEXP
if ! "$gaexp" --version 2>/dev/null | grep -q "with MPI"; then
  echo "slurm: building gaexp --with-mpi in $tmp/build"
  if ! { make -s distdir distdir="$tmp/build" >/dev/null &&
         (cd "$tmp/build" && ./configure -q --with-mpi >/dev/null && make -s -j2 gaexp >/dev/null 2>&1); }; then
    echo "slurm: could not build gaexp --with-mpi (libopenmpi-dev missing?)"
    echo "slurm: 0 passed, 1 failed"
    exit 1
  fi
  gaexp=$tmp/build/gaexp
fi

# ---- munge, slurmctld, slurmd on localhost --------------------------------------
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/work" "$tmp/ref"
dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$tmp/munge.key"
host=$(hostname -s)
cat > "$tmp/slurm.conf" <<EOF
ClusterName=gaexptest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldPort=16817
SlurmdPort=16818
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
KillWait=10
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
SLURM_CONF=$tmp/slurm.conf
export SLURM_CONF
daemons_up() {
  munged --force --socket="$tmp/munge/munge.socket" --key-file="$tmp/munge.key" \
    --log-file="$tmp/munged.log" --pid-file="$tmp/munged.pid" --seed-file="$tmp/munged.seed" &&
    slurmctld -f "$SLURM_CONF" && slurmd -f "$SLURM_CONF" || return 1
  i=0 # the node idle: the cluster takes jobs
  until sinfo -h -o %t 2>/dev/null | grep -q idle; do
    i=$((i + 1))
    [ $i -lt 600 ] || return 1 # two minutes
    sleep 0.2
  done
}
if ! daemons_up; then
  echo "slurm: the daemons did not start:"
  tail -5 "$tmp"/*.log
  echo "slurm: 0 passed, 1 failed"
  exit 1
fi
check "munged, slurmctld and slurmd run, one node of 2 CPUs" \
  sh -c '[ "$(sinfo -h -N -o %c)" -eq 2 ]'

# ---- doc/clusters.md's batch script, adapted in node and task counts only --------
sed -n '/^#!\/bin\/bash$/,/^```$/p' "$srcdir/doc/clusters.md" | sed '$d' |
  sed 's/^#SBATCH --nodes=4$/#SBATCH --nodes=1/;
       s/^#SBATCH --ntasks-per-node=32 .*/#SBATCH --ntasks-per-node=2     # rank 0 and one worker/' \
    > "$tmp/work/sweep.sbatch"
check "doc/clusters.md's batch script is found" grep -q "^  mpirun ./gaexp resume results/big --quiet$" "$tmp/work/sweep.sbatch"
check "adapted to one node of 2 tasks" sh -c 'grep -q "^#SBATCH --nodes=1$" "$0" && grep -q "^#SBATCH --ntasks-per-node=2 " "$0"' \
  "$tmp/work/sweep.sbatch"
printf '#!/bin/sh\nexec "%s" "$@"\n' "$gaexp" > "$tmp/work/gaexp"
chmod +x "$tmp/work/gaexp"
mkdir -p "$tmp/work/experiments/big"
# 12 points x 3 replicates of 31-derful 4x4, about 0.3 s a run: long enough to cancel midway.
cat > "$tmp/work/experiments/big/sweep.cfg" <<'EOF'
problem = { name = "derful"; n = 4; };
ga = { seed = 5; population = 2000; replicates = 3; stop = { generations = 3000; fitness = -1.0; }; };
output = { diversity = false; };
sweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.3, 0.6, 1.0]; },
          { set = "ga.crossover.rate"; values = [0.2, 0.6, 1.0]; } );
EOF
cp "$tmp/work/experiments/big/sweep.cfg" "$tmp/ref/sweep.cfg"
# The same sweep on one process, in a folder of the same name.
check "the sweep on one process" sh -c 'cd "$0" && "$1" sweep sweep.cfg --out results/big --quiet' "$tmp/ref" "$gaexp"

# Open MPI's mpirun refuses root unless told twice; sbatch passes the environment on.
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM

# submit: sbatch in the work folder, the job id in $job.
submit() { job=$(cd "$tmp/work" && sbatch --parsable sweep.sbatch) && [ -n "$job" ]; }
# job_state: the job's state as slurmctld knows it (COMPLETED, CANCELLED, ...).
job_state() { scontrol -o show job "$job" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p'; }
# wait_job SECONDS: until the job has ended; false when it has not.
wait_job() {
  i=0
  while case $(job_state) in PENDING | RUNNING | CONFIGURING | COMPLETING | SUSPENDED) true ;; *) false ;; esac; do
    i=$((i + 1))
    [ $i -lt $(($1 * 5)) ] || return 1
    sleep 0.2
  done
}
# The results alike; sweep.cfg's line naming the file each sweep was read
# from differs (another folder, the same content hash), as it should.
same() { diff -r -x times.csv -x '*.png' -I '^# input experiment [0-9a-f]* ' "$tmp/ref/results/big" "$tmp/work/results/big"; }

check "sbatch takes the batch script" submit
check "the job ends" wait_job 600
check "and completes" [ "$(job_state)" = COMPLETED ]
check "on one node, 2 tasks" sh -c 'scontrol -o show job "$0" | grep -q "NumNodes=1 .*NumTasks=2 "' "$job"
check "the sweep folder equals the one-process sweep" same
cp "$tmp/work/sweep-$job.log" "$out/first.log" 2>/dev/null

# A second submission, cancelled midway, then resubmitted: it resumes.
rm -rf "$tmp/work/results"
check "a second submission" submit
i=0
while [ ! -e "$tmp/work/results/big/p003/curves.csv" ] && [ $i -lt 3000 ]; do sleep 0.1; i=$((i + 1)); done
check "has written points when cancelled" [ -e "$tmp/work/results/big/p003/curves.csv" ]
scancel "$job"
check "the cancelled job ends" wait_job 120
check "cancelled" [ "$(job_state)" = CANCELLED ]
check "midway: the sweep is not finished" [ ! -e "$tmp/work/results/big/sweep.csv" ]
cp "$tmp/work/sweep-$job.log" "$out/cancelled.log" 2>/dev/null
kept=$(stat -c %Y.%i "$tmp/work/results/big/p001/summary.csv")
check "the resubmission" submit
check "ends" wait_job 600
check "and completes" [ "$(job_state)" = COMPLETED ]
check "it resumed: the points done before are kept" [ "$(stat -c %Y.%i "$tmp/work/results/big/p001/summary.csv")" = "$kept" ]
check "to the folder of the one-process sweep" same
cp "$tmp/work/sweep-$job.log" "$out/resumed.log" 2>/dev/null
cp "$tmp/slurmctld.log" "$tmp/slurmd.log" "$out/" 2>/dev/null

echo "# the Slurm test took $(($(date +%s) - started)) s"
test_summary "slurm"
