/**
 * A realistic synthetic tool folder for issue 28 (toolsets, tool search, `toolgen eval`): tools named
 * `<domain>_<verb>_<noun>` across real-looking product domains (orders, billing, support, CRM, code
 * hosting, calendars, files, HR, analytics, ...), each with a description and parameters written the
 * way real servers write them, and `tags` naming its domain, area and object (`["billing", "finance", "invoice"]`). Deterministic (fixed seed:
 * tool i depends on i alone). `requestsFor` writes user requests for some of the tools, phrased with
 * other words than the descriptions (synonyms, indirect asks), the expected tool and arguments.
 *
 *   node bench/tool-catalog.mjs DIR N              writes DIR/<name>.json for tools 0..N-1
 *   node bench/tool-catalog.mjs --cases N COUNT    prints COUNT eval cases (JSONL) for tools 0..N-1
 *
 * bench/eval-cases.jsonl is `--cases 300 220` (test/search/eval.test.ts checks it is current).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// domain, area tag, system name, nouns: [noun, plural, id param, id example, what it is, synonyms users say]
const DOMAINS = [
  ["shop", "commerce", "the storefront", [["order", "orders", "order_id", "ORD-10442", "a customer's purchase", ["purchase", "order"]], ["cart", "carts", "cart_id", "cart_88a1", "a shopping basket that has not been checked out", ["basket", "shopping cart"]], ["product", "products", "sku", "SKU-4471-BLU", "an item in the catalog", ["item", "listing"]], ["coupon", "coupons", "code", "SPRING25", "a discount code", ["promo code", "discount code"]]]],
  ["billing", "finance", "the billing system", [["invoice", "invoices", "invoice_id", "INV-2231", "a bill sent to a customer", ["bill", "invoice"]], ["refund", "refunds", "refund_id", "rf_9921", "money returned to a customer", ["reimbursement", "money back"]], ["subscription", "subscriptions", "subscription_id", "sub_77QX", "a recurring plan a customer pays for", ["plan", "membership"]], ["payment", "payments", "payment_id", "pay_5530", "a charge on a card or bank account", ["charge", "transaction"]]]],
  ["support", "support", "the helpdesk", [["ticket", "tickets", "ticket_id", "T-18830", "a customer support case", ["case", "support request"]], ["macro", "macros", "macro_id", "mac_12", "a canned reply agents reuse", ["canned response", "saved reply"]], ["sla", "slas", "policy_id", "sla_gold", "a response-time commitment", ["service level", "response target"]]]],
  ["crm", "sales", "the CRM", [["contact", "contacts", "contact_id", "c_4411", "a person the company talks to", ["lead", "person"]], ["deal", "deals", "deal_id", "d_2020", "a sales opportunity in the pipeline", ["opportunity", "sale"]], ["account", "accounts", "account_id", "acc_ACME", "a customer company", ["company", "client"]]]],
  ["repo", "engineering", "the code host", [["issue", "issues", "issue_number", "4312", "a bug report or feature request", ["bug", "bug report"]], ["pull_request", "pull requests", "pr_number", "877", "a proposed code change", ["PR", "merge request"]], ["branch", "branches", "branch", "feature/login", "a line of development", ["branch"]], ["release", "releases", "tag", "v2.4.1", "a published version", ["version", "release"]]]],
  ["calendar", "productivity", "the calendar", [["event", "events", "event_id", "evt_301", "a meeting or appointment", ["meeting", "appointment"]], ["room", "rooms", "room_id", "room-4B", "a bookable meeting room", ["conference room", "space"]], ["reminder", "reminders", "reminder_id", "rem_7", "a notification before something happens", ["alert", "nudge"]]]],
  ["files", "productivity", "the document store", [["document", "documents", "document_id", "doc_11aa", "a file in the drive", ["doc", "file"]], ["folder", "folders", "folder_id", "fld_root", "a container of documents", ["directory", "folder"]], ["share_link", "share links", "link_id", "lnk_42", "a URL that gives others access", ["sharing link", "public link"]]]],
  ["hr", "people", "the HR system", [["employee", "employees", "employee_id", "E-0193", "a person on the payroll", ["staff member", "colleague"]], ["leave_request", "leave requests", "request_id", "lv_310", "a request for time off", ["vacation", "time off"]], ["payslip", "payslips", "payslip_id", "ps_2026_03", "a monthly salary statement", ["pay stub", "salary slip"]]]],
  ["analytics", "data", "the analytics warehouse", [["report", "reports", "report_id", "rep_weekly", "a saved chart or table", ["dashboard", "chart"]], ["metric", "metrics", "metric", "daily_active_users", "a tracked number", ["KPI", "measure"]], ["segment", "segments", "segment_id", "seg_churn_risk", "a saved group of users", ["audience", "cohort"]]]],
  ["infra", "operations", "the cloud platform", [["server", "servers", "server_id", "srv-eu-12", "a virtual machine", ["VM", "instance"]], ["deployment", "deployments", "deployment_id", "dep_8812", "a rollout of a service version", ["rollout", "deploy"]], ["alert", "alerts", "alert_id", "al_553", "a monitoring alarm", ["alarm", "page"]], ["dns_record", "DNS records", "record_id", "rec_www", "a name-to-address entry", ["DNS entry", "domain record"]]]],
  ["shipping", "logistics", "the carrier integration", [["shipment", "shipments", "tracking_number", "1Z999AA10123456784", "a parcel on its way", ["package", "parcel"]], ["label", "labels", "label_id", "lbl_66", "a printable postage label", ["postage label", "shipping label"]], ["warehouse", "warehouses", "warehouse_id", "wh_berlin", "a place stock is kept", ["depot", "fulfillment center"]]]],
  ["chat", "communication", "the team chat", [["message", "messages", "message_id", "msg_9f2", "a post in a channel", ["post", "note"]], ["channel", "channels", "channel_id", "C024BE91L", "a shared conversation space", ["room", "group chat"]], ["user_status", "user statuses", "user_id", "U01", "what a member shows as their availability", ["status", "presence"]]]],
];

// verb, how descriptions say it, words users say instead, extra params
const VERBS = [
  ["get", "Fetches one {noun} by its ID from {system} and returns all of its fields", ["show me", "pull up", "look up", "what are the details of"]],
  ["list", "Lists {plural} in {system}, newest first, with optional filters and pagination", ["show all", "give me a list of", "which", "browse"]],
  ["create", "Creates a new {noun} in {system} and returns it with its new ID", ["make a new", "add a", "open a new", "set up a"]],
  ["update", "Changes fields of an existing {noun} in {system}; fields not given are left as they are", ["edit the", "change the", "modify the", "fix the"]],
  ["delete", "Permanently deletes a {noun} from {system}; this cannot be undone", ["remove the", "get rid of the", "erase the", "trash the"]],
  ["search", "Full-text search over {plural} in {system}: matches words in titles, notes and names", ["find", "hunt for", "look for", "search for"]],
  ["archive", "Archives a {noun} in {system} so it is hidden from lists but kept for records", ["hide the", "shelve the", "put away the", "file away the"]],
  ["export", "Exports {plural} from {system} as a CSV file and returns a download URL", ["download", "dump", "get a spreadsheet of", "export"]],
  ["count", "Counts {plural} in {system} that match the filters, without returning them", ["how many", "tally", "give me the number of", "count"]],
  ["assign", "Assigns a {noun} in {system} to a user or team, who is then notified", ["hand the", "give the", "route the", "delegate the"]],
];

const TEMPLATES = [
  (v, n, id) => `${cap(v)} ${n} ${id}`,
  (v, n, id) => `Can you ${v} ${n} ${id} for me?`,
  (v, n, id) => `I need to ${v} ${n} ${id} right now`,
  (v, n, id) => `please ${v} ${n} ${id}`,
  (v, n, id) => `${cap(v)} ${n} ${id}, thanks`,
];
const PLURAL_TEMPLATES = [(v, n) => `${cap(v)} ${n} from last week`, (v, n) => `Could you ${v} ${n} that are still open?`, (v, n) => `${cap(v)} ${n} for the Acme team`];

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** Every (domain, noun, verb) combination, in a fixed shuffled order: tool i is the i-th of them (cycling with a numbered suffix). */
function combos() {
  const all = [];
  for (const [domain, area, system, nouns] of DOMAINS) for (const noun of nouns) for (const verb of VERBS) all.push({ domain, area, system, noun, verb });
  const random = mulberry32(28);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all;
}
const COMBOS = combos();

/** Tool i: a tool file's data (name, description, input_schema, tags). */
export function tool(i) {
  const c = COMBOS[i % COMBOS.length];
  const round = Math.floor(i / COMBOS.length);
  const [noun, plural, idParam, idExample, what] = c.noun;
  const [verb, sentence] = c.verb;
  const suffix = round === 0 ? "" : `_v${round + 1}`;
  const name = `${c.domain}_${verb}_${noun}${suffix}`;
  const random = mulberry32(1000 + i);
  const fill = (s) => s.replaceAll("{noun}", noun.replaceAll("_", " ")).replaceAll("{plural}", plural).replaceAll("{system}", c.system);
  const description = [
    `${fill(sentence)}.`,
    `A ${noun.replaceAll("_", " ")} is ${what}.`,
    random() < 0.5 ? `Use it when the user mentions a specific ${noun.replaceAll("_", " ")} or its ${idParam.replaceAll("_", " ")}.` : `It fails with a not_found error when ${c.system} has no such ${noun.replaceAll("_", " ")}.`,
    ...(round > 0 ? [`This is version ${round + 1} of the endpoint, for ${c.system} tenants migrated in ${2024 + round}.`] : []),
  ].join(" ");
  const properties = {};
  const required = [];
  const one = ["get", "update", "delete", "archive", "assign"].includes(verb);
  if (one) {
    properties[idParam] = { type: "string", description: `The ${noun.replaceAll("_", " ")}'s identifier, e.g. ${idExample}.` };
    required.push(idParam);
  }
  if (verb === "search") {
    properties.query = { type: "string", description: `Words to look for in ${plural}.` };
    required.push("query");
  }
  if (["list", "search", "export", "count"].includes(verb)) {
    properties.status = { type: "string", enum: ["open", "closed", "all"], description: `Only ${plural} in this state.` };
    properties.created_after = { type: "string", format: "date", description: "Only those created on or after this date (YYYY-MM-DD)." };
    if (verb !== "count") properties.limit = { type: "integer", minimum: 1, maximum: 100, description: "At most this many results (default 20)." };
  }
  if (verb === "create" || verb === "update") {
    properties.title = { type: "string", description: `A short title for the ${noun.replaceAll("_", " ")}.` };
    properties.notes = { type: "string", description: "Free-text notes stored with it." };
    if (verb === "create") required.push("title");
  }
  if (verb === "assign") {
    properties.assignee = { type: "string", description: "The user or team to assign it to, by handle (e.g. @maria or @billing-team)." };
    required.push("assignee");
  }
  if (verb === "delete") properties.confirm = { type: "boolean", description: "Must be true: deleting cannot be undone." };
  const input_schema = { type: "object", properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
  return { name, description, input_schema, tags: [c.domain, c.area, noun] };
}

/** Tools 0..n-1. */
export function tools(n) {
  return Array.from({ length: n }, (_, i) => tool(i));
}

/**
 * `count` user requests over tools 0..n-1 (tools picked by a fixed seed), phrased with the users'
 * words (a synonym of the verb and of the noun), each with its expected tool and, for tools that take
 * an ID, its expected arguments.
 */
export function requestsFor(n, count) {
  const random = mulberry32(2028);
  const out = [];
  const seen = new Set();
  while (out.length < count) {
    const i = Math.floor(random() * Math.min(n, COMBOS.length));
    const t = tool(i);
    const c = COMBOS[i % COMBOS.length];
    const [noun, plural, idParam, idExample, , synonyms] = c.noun;
    const [verb, , says] = c.verb;
    const said = says[Math.floor(random() * says.length)];
    const word = synonyms[Math.floor(random() * synonyms.length)];
    const needsId = Object.hasOwn(t.input_schema.properties, idParam);
    let request;
    if (needsId) request = TEMPLATES[Math.floor(random() * TEMPLATES.length)](said.replace(/ the$/, ""), `the ${c.system.replace(/^the /, "")} ${word}`, idExample);
    else if (verb === "search") request = `${cap(said)} ${plural} in ${c.system} mentioning "late delivery"`;
    else if (verb === "create") request = `${cap(said)} ${word} in ${c.system} called "Q3 kickoff"`;
    else {
      const template = PLURAL_TEMPLATES[Math.floor(random() * PLURAL_TEMPLATES.length)];
      const things = `${word === noun ? plural : `${word}s`} in ${c.system}`;
      // A question word ("which", "how many") makes its own question; the others go into a template.
      request = /^(which|how many|what)/.test(said) ? `${cap(said)} ${things} ${["are still open?", "were created this month?", "does the Acme team have?"][Math.floor(random() * 3)]}` : template(said, things);
    }
    if (seen.has(request)) continue;
    seen.add(request);
    const args = needsId ? { [idParam]: idExample, ...(verb === "assign" ? { assignee: "@maria" } : {}), ...(verb === "delete" ? { confirm: true } : {}) } : verb === "search" ? { query: "late delivery" } : verb === "create" ? { title: "Q3 kickoff" } : undefined;
    out.push({ request, expected: [t.name], ...(args ? { arguments: args } : {}) });
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [dir, n, count] = process.argv.slice(2);
  if (dir === "--cases") {
    process.stdout.write(requestsFor(Number(n), Number(count)).map((c) => JSON.stringify(c)).join("\n") + "\n");
    process.exit(0);
  }
  if (!dir || !n) {
    console.error("usage: node bench/tool-catalog.mjs DIR N");
    process.exit(2);
  }
  await mkdir(dir, { recursive: true });
  for (const t of tools(Number(n))) await writeFile(path.join(dir, `${t.name}.json`), JSON.stringify(t, null, 2) + "\n");
}
