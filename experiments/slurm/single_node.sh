#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The scale-out path of docs/experiments.md run for real: starts a private single-node Slurm
# (munged, slurmctld and slurmd as root, on their own socket, ports and scratch folder), submits
# experiments/slurm/slices.sbatch over DEFINITION as an N-task job array and the merge job
# after it, waits for both, runs the same definition on this machine alone, and compares the
# two runs' tables (every CSV) cell for cell. Prints the wall times; exits 0 when they agree.
#   experiments/slurm/single_node.sh DEFINITION.json N OUT
# Needs root and Debian's slurm-wlm and munge (.ci/run installs them); exits 77 without them.
# SKINLAB names the built tool (default build/skinlab).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
definition=$(realpath "$1")
slices=$2
out=$(realpath -m "$3")
skinlab=$(realpath "${SKINLAB:-build/skinlab}")
export SKINLAB=$skinlab
for tool in munged slurmctld slurmd sbatch squeue; do
  command -v "$tool" > /dev/null || { echo "single_node.sh: no $tool (apt-get install slurm-wlm munge)" >&2; exit 77; }
done
[ "$(id -u)" -eq 0 ] || { echo "single_node.sh: the daemons run as root here" >&2; exit 77; }

scratch=$(mktemp -d /tmp/skinlab-slurm.XXXXXX)
host=$(hostname -s)
# Ports of their own, so that a Slurm already on the machine is left alone.
ctld_port=$((20000 + RANDOM % 20000))
d_port=$((ctld_port + 1))
stop() {
  [ -f "$scratch/slurmd.pid" ] && kill "$(cat "$scratch/slurmd.pid")" 2> /dev/null || true
  [ -f "$scratch/slurmctld.pid" ] && kill "$(cat "$scratch/slurmctld.pid")" 2> /dev/null || true
  [ -f "$scratch/munged.pid" ] && kill "$(cat "$scratch/munged.pid")" 2> /dev/null || true
  sleep 1
  rm -rf "$scratch"
}
trap stop EXIT
mkdir -p "$scratch/state" "$scratch/spool" "$scratch/logs" "$out"
rm -rf "$out/slices" "$out/merged" "$out/single"

dd if=/dev/urandom of="$scratch/munge.key" bs=1024 count=1 status=none
chmod 600 "$scratch/munge.key"
munged --force --key-file="$scratch/munge.key" --socket="$scratch/munge.socket" \
  --pid-file="$scratch/munged.pid" --log-file="$scratch/munged.log" --seed-file="$scratch/munged.seed"

cat > "$scratch/slurm.conf" << CONF
ClusterName=skinlab
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$scratch/munge.socket
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/slurmctld.log
SlurmdLogFile=$scratch/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=skinlab Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$scratch/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 60); do
  [ "$(sinfo -h -o %T 2> /dev/null)" = "idle" ] && break
  sleep 1
done
[ "$(sinfo -h -o %T)" = "idle" ] || { echo "single_node.sh: the node did not come up" >&2; cat "$scratch"/*.log >&2; exit 1; }

start=$(date +%s%N)
array=$(sbatch --parsable --array=1-"$slices" --output="$scratch/logs/slice-%a.out" \
  experiments/slurm/slices.sbatch "$definition" "$out")
merge=$(sbatch --parsable --dependency=afterok:"$array" --output="$scratch/logs/merge.out" \
  --wrap "'$skinlab' experiment merge '$out'/slices/* -o '$out/merged'")
echo "single_node.sh: submitted array $array ($slices slices) and merge $merge"
for _ in $(seq 1800); do
  [ -z "$(squeue -h -j "$array,$merge" 2> /dev/null)" ] && break
  sleep 1
done
slurm_ms=$((($(date +%s%N) - start) / 1000000))
if [ ! -f "$out/merged/tables.md" ]; then
  echo "single_node.sh: the merge job wrote no tables" >&2
  cat "$scratch"/logs/* >&2
  exit 1
fi
start=$(date +%s%N)
"$skinlab" experiment "$definition" -o "$out/single" --quiet
single_ms=$((($(date +%s%N) - start) / 1000000))

tables=0
status=0
for csv in "$out"/single/tables/*.csv; do
  tables=$((tables + 1))
  cmp -s "$csv" "$out/merged/tables/$(basename "$csv")" || { echo "differs: $(basename "$csv")" >&2; status=1; }
done
echo "single_node.sh: $tables tables, merged from $slices Slurm slices, $([ $status -eq 0 ] && echo "equal to" || echo "NOT equal to") the single run's; Slurm $((slurm_ms / 1000)).$(printf %03d $((slurm_ms % 1000))) s (submission to merged tables), single run $((single_ms / 1000)).$(printf %03d $((single_ms % 1000))) s"
exit $status
