# Sourced by the scripts that measure `serve` path by path (load-serve.sh, serve-instructions.sh).
# The paths, /ping first: the floor, the HTTP layer with no simulated work.
serve_paths=("/ping" "/simple/price?ids=bitcoin,ethereum&vs_currencies=usd" "/coins/bitcoin/market_chart?vs_currency=usd&days=1")

# percent_of A B: A as a percentage of B, to one decimal.
percent_of() {
    awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f %%", 100 * a / b}'
}
