import { isSafePattern } from "redos-detector";
const pats = {
  domain1: "^(\\*\\.)?([a-zA-Z0-9-]+\\.)+[a-zA-Z]{2,}$",
  domain2: "^(\\*\\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\\.)+[a-z]{2,63}$",
  domain3: "^[a-z0-9-]+(\\.[a-z0-9-]+)*$",
  domain4: "^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z]{2,}$",
  domain5: "^(\\*\\.)?[a-z0-9]+([-.][a-z0-9]+)*\\.[a-z]{2,}$",
  iso1: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$",
  iso2: "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$",
  iso3: "^[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})?$",
  iso4: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$",
};
for (const [k, p] of Object.entries(pats)) {
  const t = performance.now();
  let r; try { r = isSafePattern(p, { unicode: true, maxSteps: 2000 }); } catch (e) { r = { error: String(e) }; }
  console.log(k, r.safe, r.error, (performance.now() - t).toFixed(1), "ms");
}
