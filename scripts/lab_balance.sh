#!/usr/bin/env bash
# The balance figures of docs/balance/: every command the lab ran, in order, one process each
# (--workers 1: the machine is shared). Re-run from the repository root with the lab extra
# installed: `bash scripts/lab_balance.sh [OUT]` (OUT defaults to docs/balance). Each step writes
# its summary as JSON, its games as Parquet under OUT/runs/, and an HTML report.
set -euo pipefail
OUT=${1:-docs/balance}
RUNS=$OUT/runs
LAB="${CYBERDECK:-cyberdeck} lab"
W="--workers 1"
mkdir -p "$RUNS"

step() {  # step NAME COMMAND...: run a lab command, keep its JSON and its report
    local name=$1; shift
    echo "== $name" >&2
    $LAB "$@" --out "$RUNS/$name" --json > "$OUT/$name.json"
    $LAB report "$RUNS/$name" --out "$OUT/$name.html" >&2
}

# The first player's edge in every 2-player game: greedy against itself.
step first-player-cipher-run simulate cipher-run --seats "greedy greedy" --games 2000 --seed 1 $W
step first-player-hack-me simulate hack-me --seats "greedy greedy" --games ${HACKME_GAMES:-1000} --seed 1 $W
step first-player-cypher-2 simulate cypher --players 2 --seats "greedy greedy" --games ${CYPHER_GAMES:-600} --seed 1 $W
step first-player-cyberpunk-ccg simulate cyberpunk-ccg --seats "greedy greedy" --games ${CCG_GAMES:-60} --seed 1 $W

# Cypher's seat advantage at 3 and 4 players (2 players is the run above).
step seats-cypher-3 simulate cypher --players 3 --seats "greedy greedy greedy" --games ${CYPHER_GAMES:-600} --seed 1 $W
step seats-cypher-4 simulate cypher --players 4 --seats "greedy greedy greedy greedy" --games ${CYPHER_GAMES:-600} --seed 1 $W

# The CCG's starters, round robin at greedy.
step ccg-starters tournament cyberpunk-ccg --entries "greedy@ncpd greedy@the-mob greedy@militech greedy@the-nomads greedy@friendly-gangs greedy@arasaka" --games ${CCG_PAIR_GAMES:-200} --seed 9000 $W

# Cipher Run: a deck search against the two starters, then the starters against what it found.
echo "== cipher-run-search" >&2
$LAB optimize cipher-run --against "greedy@cold-boot greedy@redline" --agent greedy \
    --generations ${GENERATIONS:-15} --batch 8 --games 20 --bins "6 5 6" --seed 1 --top 10 $W \
    --out "$RUNS/cipher-run-search" --json > "$OUT/cipher-run-search.json"
$LAB report "$RUNS/cipher-run-search" --out "$OUT/cipher-run-search.html" >&2
mkdir -p "$OUT/cipher-run-decks"
cp "$RUNS"/cipher-run-search/decks/elite-00[1-4].txt "$OUT/cipher-run-decks/"
# On other seeds than the search's: its picks flatter themselves on the seeds they were chosen on.
step cipher-run-starters-vs-found tournament cipher-run --entries "greedy@cold-boot greedy@redline \
greedy@$OUT/cipher-run-decks/elite-001.txt greedy@$OUT/cipher-run-decks/elite-002.txt \
greedy@$OUT/cipher-run-decks/elite-003.txt" --games ${CIPHER_PAIR_GAMES:-40} --seed 1000 $W
