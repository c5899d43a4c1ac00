"""Peer vectors for portfolios with cash flows: quantstats 0.0.86 statistics on time-weighted
returns, scipy's brentq for the money-weighted return (XIRR), and Bitcoin's own 2021 figures
from the recorded CoinGecko CSV.

Run from the repository root (scripts/peers/generate.sh sets up the environment):
    python scripts/peers/portfolio_flows.py > Tests/Fixtures/peers/portfolio-flows-quantstats.json

Everything here is computed independently of the Swift code: values from quantities times
prices, flows from the trades, returns r_t = (V_t - F_t) / V_{t-1} - 1 (periods that begin with
nothing invested are skipped), then quantstats on the returns (risk-free rate 0, 365 periods a
year; max drawdown from quantstats' wealth index, whose baseline is 1.0).
"""
import csv
from decimal import Decimal
import json
import math
import random
import sys

import numpy as np
import pandas as pd
import quantstats as qs
from scipy.optimize import brentq

DAY_MS = 86_400_000
START_MS = 1_609_459_200_000  # 2021-01-01T00:00:00Z


def stats(returns):
    index = pd.date_range("2021-01-02", periods=len(returns), freq="D")
    series = pd.Series(returns, index=index)
    return {
        "volatility": float(qs.stats.volatility(series, periods=365, annualize=True)),
        "sharpe": float(qs.stats.sharpe(series, periods=365)),
        "sortino": float(qs.stats.sortino(series, periods=365)),
        "max_drawdown": float(qs.stats.max_drawdown(series)),
        "total_return": float(np.prod([1 + r for r in returns]) - 1),
    }


def xirr(flows):
    """flows: [(time_ms, amount)]; the annual rate by brentq on the present value."""
    start = min(t for t, _ in flows)

    def present_value(rate):
        return sum(a / (1 + rate) ** ((t - start) / DAY_MS / 365) for t, a in flows)

    return brentq(present_value, -0.9999, 1e4, xtol=1e-14, rtol=1e-14, maxiter=500)


def random_case(seed):
    rng = random.Random(seed)
    days = rng.randint(40, 160)
    coins = ["bitcoin", "ethereum"][: rng.randint(1, 2)]
    prices = {}
    for coin in coins:
        level = rng.uniform(100, 50_000)
        path = []
        for _ in range(days + 1):
            path.append(round(level, 6))
            level *= math.exp(rng.gauss(0.0005, 0.04))
        prices[coin] = path
    trades = []
    held = {coin: 0.0 for coin in coins}
    # The first trade is a buy on day 0; later trades buy or sell on random days.
    trade_days = sorted(rng.sample(range(1, days + 1), rng.randint(2, 8)))
    for day in [0] + trade_days:
        coin = rng.choice(coins)
        if day > 0 and held[coin] > 0 and rng.random() < 0.4:
            side = "sell"
            quantity = round(held[coin] * rng.choice([0.25, 0.5, 1.0]), 8)
        else:
            side = "buy"
            quantity = round(rng.uniform(0.1, 2.0) * 1000 / prices[coin][day], 8)
        if quantity <= 0:
            continue
        price = round(prices[coin][day] * rng.uniform(0.98, 1.02), 4)
        fee = round(rng.choice([0, 0, 1, 2.5]), 2)
        held[coin] += quantity if side == "buy" else -quantity
        trades.append({"day": day, "coin": coin, "side": side, "quantity": f"{quantity:.8f}",
                       "price": f"{price:.4f}", "fee": f"{fee:.2f}"})
    return build_case(f"seed-{seed}", days, prices, trades)


def build_case(label, days, prices, trades):
    values, flows = [], []
    # Quantities exactly, as the ledger keeps them (a full sale leaves 0, not float residue).
    quantities = {coin: Decimal(0) for coin in prices}
    for day in range(days + 1):
        flow = 0.0
        for trade in trades:
            if trade["day"] != day:
                continue
            quantity, price, fee = float(trade["quantity"]), float(trade["price"]), float(trade["fee"])
            if trade["side"] == "buy":
                quantities[trade["coin"]] += Decimal(trade["quantity"])
                flow += quantity * price + fee
            else:
                quantities[trade["coin"]] -= Decimal(trade["quantity"])
                flow -= quantity * price - fee
        values.append(sum(float(quantities[c]) * prices[c][day] for c in prices))
        flows.append(flow)
    periods = [t for t in range(1, days + 1) if values[t - 1] > 0]
    returns = [(values[t] - flows[t]) / values[t - 1] - 1 for t in periods]
    # Buy and hold: the total buy cost spent on day 0 in proportion to each coin's buys.
    spent = {}
    for trade in trades:
        if trade["side"] == "buy":
            cost = float(trade["quantity"]) * float(trade["price"]) + float(trade["fee"])
            spent[trade["coin"]] = spent.get(trade["coin"], 0.0) + cost
    hold = {c: spent[c] / prices[c][0] for c in spent}
    bench = [sum(hold[c] * prices[c][d] for c in hold) for d in range(days + 1)]
    bench_returns = [bench[t] / bench[t - 1] - 1 for t in periods]
    index = pd.date_range("2021-01-02", periods=len(returns), freq="D")
    ours, theirs = pd.Series(returns, index=index), pd.Series(bench_returns, index=index)
    greeks = qs.stats.greeks(ours, theirs, periods=365)
    irr_flows = [(START_MS + t["day"] * DAY_MS,
                  -(float(t["quantity"]) * float(t["price"]) + float(t["fee"])) if t["side"] == "buy"
                  else float(t["quantity"]) * float(t["price"]) - float(t["fee"])) for t in trades]
    irr_flows.append((START_MS + days * DAY_MS, values[-1]))
    expected = stats(returns)
    expected.update({
        "beta": float(greeks["beta"]),
        "correlation": float(ours.corr(theirs)),
        "benchmark_return": bench[-1] / bench[0] - 1,
        "irr": xirr(irr_flows),
    })
    return {"label": label, "days": days, "prices": prices, "trades": trades, "values": values,
            "flows": flows, "expected": expected}


def bitcoin_2021():
    with open("datasets/coingecko/btc-usd-max.csv") as handle:
        rows = [r for r in csv.DictReader(handle) if "2021-01-01" <= r["snapped_at"][:10] <= "2022-01-01"]
    prices = [float(r["price"]) for r in rows]
    returns = [prices[t] / prices[t - 1] - 1 for t in range(1, len(prices))]
    return {"label": "bitcoin-2021", "first": rows[0]["snapped_at"], "last": rows[-1]["snapped_at"],
            "expected": stats(returns)}


def main():
    document = {
        "peer": "quantstats 0.0.86 (pandas %s), scipy %s brentq; generated by "
                "scripts/peers/portfolio_flows.py" % (pd.__version__, __import__("scipy").__version__),
        "cases": [random_case(seed) for seed in range(1, 13)],
        "bitcoin_2021": bitcoin_2021(),
    }
    json.dump(document, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
