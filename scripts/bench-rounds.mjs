/**
 * Several rounds of loads per size (`npm run bench -- --rounds=N`), reported as one. Each round loads every route
 * once, the baseline included, so a route's ratio is taken against the baseline of its own round: a machine that
 * drifts between rounds moves both. The report is the median of the rounds (req/s, ratio, latencies, CPU per
 * request) with the ratio's range, so a cut of a few percent can be told from a run's noise.
 */

/** The median of the numbers given (nulls left out); null when there are none. */
export function median(values) {
  const sorted = values.filter((v) => typeof v === "number" && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * `rounds[i]` holds round i's loads by route path (`{ rps, p50, p99, requests, bad, codes, workerdCpuMs,
 * wranglerCpuMs }`); `baselinePath` names the route the ratios divide by. Per route: the medians, the counts summed
 * over the rounds, and `ratio` (median of each round's ratio) with `ratioMin`/`ratioMax`.
 */
export function combineRounds(rounds, baselinePath) {
  const paths = Object.keys(rounds[0] ?? {});
  return Object.fromEntries(
    paths.map((path) => {
      const loads = rounds.map((round) => round[path]);
      const ratios = rounds.map((round) => {
        const baseline = round[baselinePath]?.rps;
        return baseline ? round[path].rps / baseline : null;
      });
      const codes = {};
      for (const load of loads)
        for (const [code, count] of Object.entries(load.codes)) codes[code] = (codes[code] ?? 0) + count;
      const known = ratios.filter((r) => r !== null);
      return [
        path,
        {
          rps: median(loads.map((l) => l.rps)),
          p50: median(loads.map((l) => l.p50)),
          p99: median(loads.map((l) => l.p99)),
          requests: loads.reduce((sum, l) => sum + l.requests, 0),
          bad: loads.reduce((sum, l) => sum + l.bad, 0),
          codes,
          workerdCpuMs: median(loads.map((l) => l.workerdCpuMs)),
          wranglerCpuMs: median(loads.map((l) => l.wranglerCpuMs)),
          ratio: median(ratios),
          ratioMin: known.length ? Math.min(...known) : null,
          ratioMax: known.length ? Math.max(...known) : null,
          rounds: loads.length,
        },
      ];
    }),
  );
}
