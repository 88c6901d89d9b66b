import { isSafePattern } from "redos-detector";
const pats = process.argv.slice(2);
for (const p of pats) {
  for (const maxScore of [200, 1e9]) {
  const t = performance.now();
  let r; try { r = isSafePattern(p, { unicode: true, maxSteps: 2000, maxScore }); } catch (e) { r = { error: String(e) }; }
  console.log(p, maxScore, r.safe, r.error, JSON.stringify(r.score), (performance.now() - t).toFixed(1), "ms", r.trails?.length);
  }
}
