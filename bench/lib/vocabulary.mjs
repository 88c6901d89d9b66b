/** The words and schema pieces the corpus (../corpus.mjs) draws tools from. */

export const VERBS = [
  ["get", "Retrieves", "retrieve"],
  ["list", "Lists", "list"],
  ["create", "Creates", "create"],
  ["update", "Updates", "update"],
  ["delete", "Deletes", "delete"],
  ["search", "Searches for", "search for"],
  ["cancel", "Cancels", "cancel"],
  ["archive", "Archives", "archive"],
  ["send", "Sends", "send"],
  ["schedule", "Schedules", "schedule"],
  ["export", "Exports", "export"],
  ["validate", "Validates", "validate"],
  ["refund", "Refunds", "refund"],
  ["approve", "Approves", "approve"],
  ["sync", "Synchronises", "synchronise"],
  ["summarize", "Summarizes", "summarize"],
];

export const NOUNS = [
  ["invoice", "billing"],
  ["customer", "CRM"],
  ["order", "commerce"],
  ["shipment", "logistics"],
  ["ticket", "support"],
  ["user", "identity"],
  ["account", "ledger"],
  ["report", "analytics"],
  ["payment", "payments"],
  ["subscription", "billing"],
  ["product", "catalog"],
  ["warehouse", "inventory"],
  ["calendar_event", "calendar"],
  ["document", "document store"],
  ["message", "messaging"],
  ["repository", "source control"],
  ["deployment", "release"],
  ["incident", "on-call"],
  ["contact", "address book"],
  ["flight", "travel"],
  ["booking", "reservations"],
  ["forecast", "weather"],
  ["dataset", "data warehouse"],
  ["playlist", "media"],
];

/** Parameter names by kind, so a name reads like what it holds. */
export const NAMES = {
  id: ["id", "record_id", "external_id", "reference", "parent_id", "owner_id", "account_id", "customer_id"],
  text: ["query", "title", "notes", "comment", "subject", "body", "reason", "label", "display_name", "summary"],
  email: ["email", "reply_to", "notify_email", "contact_email"],
  uri: ["callback_url", "source_url", "webhook_url", "link"],
  date: ["start_date", "end_date", "due_date", "effective_date"],
  datetime: ["created_after", "created_before", "updated_since", "scheduled_at", "expires_at"],
  uuid: ["request_id", "idempotency_key", "trace_id"],
  integer: ["limit", "page_size", "offset", "max_results", "quantity", "priority_level", "retry_count", "timeout_seconds"],
  number: ["amount", "price", "threshold", "discount_rate", "weight_kg", "latitude", "longitude"],
  boolean: ["include_archived", "dry_run", "notify", "force", "include_deleted", "verbose", "async"],
  enum: ["status", "sort_order", "sort_by", "currency", "priority", "visibility", "format", "channel", "region"],
  tags: ["tags", "labels", "fields", "emails_cc", "keywords"],
  enumArray: ["statuses", "include", "expand", "scopes"],
  objectArray: ["line_items", "attachments", "recipients", "filters", "rules"],
  object: ["metadata", "options", "settings", "billing", "shipping", "schedule", "pagination", "window"],
  ref: ["address", "amount_due", "period", "location", "owner"],
};

export const ENUMS = {
  status: ["open", "pending", "closed", "archived"],
  sort_order: ["asc", "desc"],
  sort_by: ["created_at", "updated_at", "name", "relevance"],
  currency: ["USD", "EUR", "GBP", "JPY", "CAD"],
  priority: ["low", "normal", "high", "urgent"],
  visibility: ["private", "internal", "public"],
  format: ["json", "csv", "pdf"],
  channel: ["email", "sms", "push", "webhook"],
  region: ["us-east-1", "eu-west-1", "ap-southeast-2"],
  statuses: ["draft", "active", "paused", "done"],
  include: ["history", "attachments", "comments", "owners"],
  expand: ["customer", "items", "payments"],
  scopes: ["read", "write", "admin"],
};

/** Reusable definitions a tool may put under `$defs` and `$ref`. */
export const DEFS = {
  address: {
    type: "object",
    description: "A postal address.",
    properties: {
      line1: { type: "string", description: "Street and number." },
      city: { type: "string", description: "City or town." },
      postal_code: { type: "string", description: "Postal or ZIP code." },
      country: { type: "string", pattern: "^[A-Z]{2}$", description: "ISO 3166-1 alpha-2 country code, such as US or FR." },
    },
    required: ["line1", "city", "country"],
    additionalProperties: false,
  },
  money: {
    type: "object",
    description: "An amount of money in a currency.",
    properties: {
      value: { type: "number", minimum: 0, description: "The amount, in major units." },
      currency: { type: "string", enum: ["USD", "EUR", "GBP", "JPY"], description: "ISO 4217 currency code." },
    },
    required: ["value", "currency"],
  },
  date_range: {
    type: "object",
    description: "A closed range of calendar dates.",
    properties: {
      from: { type: "string", format: "date", description: "First day of the range, as YYYY-MM-DD." },
      to: { type: "string", format: "date", description: "Last day of the range, as YYYY-MM-DD." },
    },
    required: ["from", "to"],
  },
  geo_point: {
    type: "object",
    properties: {
      lat: { type: "number", minimum: -90, maximum: 90, description: "Latitude in degrees." },
      lon: { type: "number", minimum: -180, maximum: 180, description: "Longitude in degrees." },
    },
    required: ["lat", "lon"],
  },
  person_ref: {
    type: "object",
    description: "A person, by ID or by email.",
    properties: {
      id: { type: "string", description: "The person's ID." },
      email: { type: "string", format: "email", description: "The person's email address." },
    },
  },
};
export const REF_DEFS = { address: "address", amount_due: "money", period: "date_range", location: "geo_point", owner: "person_ref" };

export const PARAM_DESCRIPTIONS = {
  id: (n) => `The identifier of the ${n.replace(/_id$/, "").replace(/_/g, " ")}, as returned by the list tools.`,
  text: (n) => `Free text for the ${n.replace(/_/g, " ")}; plain text, no markup.`,
  email: () => "An email address, such as jane@example.com.",
  uri: () => "An absolute https URL.",
  date: () => "A calendar date, as YYYY-MM-DD.",
  datetime: () => "A point in time, as an ISO 8601 timestamp in UTC.",
  uuid: () => "A UUID the caller chooses, so a retried call is not applied twice.",
  integer: (n) => `How many items to use for ${n.replace(/_/g, " ")}.`,
  number: (n) => `The ${n.replace(/_/g, " ")}, as a decimal number.`,
  boolean: (n) => `Whether to ${n.replace(/_/g, " ")}; defaults to false.`,
  enum: (n) => `The ${n.replace(/_/g, " ")} to use.`,
  tags: (n) => `The ${n.replace(/_/g, " ")} to match; any of them matches.`,
  enumArray: (n) => `Which ${n.replace(/_/g, " ")} to apply, any combination.`,
  objectArray: (n) => `The ${n.replace(/_/g, " ")}, in order.`,
  object: (n) => `Extra ${n.replace(/_/g, " ")} for the call.`,
  ref: (n) => `The ${n.replace(/_/g, " ")}.`,
};
